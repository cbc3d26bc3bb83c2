/** The terms of use and privacy policy texts (Korean), part of the message catalogue. */
export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalDocument {
  title: string;
  effectiveDate: string;
  sections: readonly LegalSection[];
}

export const termsOfUse: LegalDocument = {
  title: '이용약관',
  effectiveDate: '2026년 11월 22일',
  sections: [
    {
      heading: '제1조 (목적)',
      paragraphs: [
        '이 약관은 SAL 리그(이하 "사이트")가 제공하는 전적 검색, 커뮤니티, 유저 간 거래 게시판 서비스의 이용 조건과 절차, 이용자와 사이트의 권리·의무를 정합니다.',
      ],
    },
    {
      heading: '제2조 (회원가입)',
      paragraphs: [
        '회원가입에는 이메일, 닉네임, 비밀번호와 이 약관 및 개인정보 수집·이용에 대한 동의가 필요합니다.',
        '만 14세 미만은 회원으로 가입할 수 없습니다.',
        '가입 후 이메일 인증을 마쳐야 일부 기능을 이용할 수 있습니다.',
      ],
    },
    {
      heading: '제3조 (게시물)',
      paragraphs: [
        '이용자는 게시물에 대한 책임을 지며, 타인의 권리를 침해하거나 법령에 어긋나는 게시물은 예고 없이 삭제될 수 있습니다.',
        '운영자, 관리자 등 운영진을 사칭하는 닉네임은 사용할 수 없습니다.',
      ],
    },
    {
      heading: '제4조 (유저 간 거래)',
      paragraphs: [
        '유저 거래 게시판의 거래는 이용자 사이에서 이루어지며, 사이트는 거래의 당사자가 아닙니다.',
        '거래 완료는 구매자와 판매자 양쪽의 확인으로만 처리되며 되돌릴 수 없습니다.',
        '사기 등 부정 거래가 확인된 계정은 거래가 제한될 수 있습니다.',
      ],
    },
    {
      heading: '제5조 (약관의 변경)',
      paragraphs: [
        '약관을 변경할 때는 시행일 7일 전부터 사이트 공지사항으로 변경 내용과 시행일을 알립니다.',
      ],
    },
    {
      heading: '제6조 (책임의 한계)',
      paragraphs: [
        '전적과 레이팅은 경기 결과를 바탕으로 사이트가 계산한 값이며, 게임사의 공식 기록이 아닙니다.',
      ],
    },
  ],
};

export const privacyPolicy: LegalDocument = {
  title: '개인정보처리방침',
  effectiveDate: '2026년 11월 22일',
  sections: [
    {
      heading: '1. 수집하는 개인정보',
      paragraphs: [
        '회원가입 시 이메일, 닉네임, 비밀번호(복호화할 수 없는 형태로 저장)를 수집합니다.',
        '서비스 이용 과정에서 접속 IP, 접속 일시, 거래 기록이 생성되어 저장될 수 있습니다.',
      ],
    },
    {
      heading: '2. 이용 목적',
      paragraphs: [
        '회원 식별과 본인 확인, 게시판과 거래 서비스 제공, 부정 이용 방지, 문의 응대에 이용합니다.',
      ],
    },
    {
      heading: '3. 보유 및 이용 기간',
      paragraphs: [
        '회원 탈퇴 시 개인정보는 지체 없이 파기합니다. 다만 관계 법령에 따라 다음 기간 동안 보관합니다.',
        '웹사이트 방문 기록(접속 로그): 30일',
        '계약 또는 청약철회 등에 관한 기록: 5년',
        '소비자의 불만 또는 분쟁처리에 관한 기록: 3년',
        '표시·광고에 관한 기록: 6개월',
        '통신사실확인자료(접속 기록): 3개월',
      ],
    },
    {
      heading: '4. 만 14세 미만 아동',
      paragraphs: ['사이트는 만 14세 미만 아동의 회원가입을 받지 않습니다.'],
    },
    {
      heading: '5. 이용자의 권리',
      paragraphs: [
        '이용자는 마이페이지에서 닉네임과 비밀번호를 바꾸고 회원 탈퇴를 할 수 있습니다.',
      ],
    },
    {
      heading: '6. 방침의 변경',
      paragraphs: ['이 방침을 변경할 때는 시행일 7일 전부터 공지사항으로 알립니다.'],
    },
  ],
};
