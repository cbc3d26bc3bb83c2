import type { ComponentType, SVGProps } from 'react';
import { ko } from '../../i18n/ko';
import {
  BlockIcon, BoardIcon, ChatIcon, FlameIcon, MailIcon, MegaphoneIcon, ShieldIcon, StoreIcon, TradeIcon,
  TrophyIcon, UserIcon,
} from '../icons';

export interface NavLinkItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  isNew?: boolean;
  disabled?: boolean;
  badge?: 'tradeAlerts' | 'unreadChats';
}

export interface NavSection {
  title: string;
  links: NavLinkItem[];
  adminOnly?: boolean;
}

/** The sidebar's links, in order (docs/product/shell.md#sidebar-links). */
export const NAV_SECTIONS: NavSection[] = [
  {
    title: ko.nav.sectionStats,
    links: [
      { to: '/league/sal-beginner', label: ko.nav.clanRanking, icon: TrophyIcon, isNew: true },
      { to: '/rank/sal-player', label: ko.nav.playerRanking, icon: UserIcon },
      // Beyond the spec's list: the league hub and the division rankings, linked from nowhere else in the shell.
      { to: '/league/sal', label: ko.nav.leagueHub, icon: TrophyIcon },
      { to: '/rank/player', label: ko.nav.divisionRanking, icon: UserIcon },
      { to: '/hardcore', label: ko.nav.hardcoreUsers, icon: FlameIcon, disabled: true },
    ],
  },
  {
    title: ko.nav.sectionCommunity,
    links: [
      { to: '/sal-board/free', label: ko.nav.freeBoard, icon: BoardIcon },
      { to: '/sal-board/notice', label: ko.nav.notices, icon: MegaphoneIcon },
    ],
  },
  {
    title: ko.nav.sectionTrade,
    links: [
      { to: '/trade/user', label: ko.nav.userTrade, icon: TradeIcon, badge: 'tradeAlerts' },
      { to: '/trade/user?mine=1', label: ko.nav.myTrades, icon: TradeIcon },
      { to: '/trade/chats', label: ko.nav.chats, icon: ChatIcon, badge: 'unreadChats' },
      { to: '/trade/ads', label: ko.nav.ads, icon: StoreIcon },
    ],
  },
  {
    title: ko.nav.sectionSupport,
    links: [
      { to: '/suggest', label: ko.nav.suggest, icon: MailIcon },
      { to: '/sal-board/exclude', label: ko.nav.exclude, icon: BlockIcon },
    ],
  },
  {
    title: ko.nav.sectionAdmin,
    adminOnly: true,
    links: [
      { to: '/admin/notice', label: ko.nav.adminNotice, icon: MegaphoneIcon },
      { to: '/admin/trust', label: ko.nav.adminTrust, icon: ShieldIcon },
      { to: '/admin/trade/ads', label: ko.nav.adminAds, icon: StoreIcon },
      { to: '/admin/users', label: ko.nav.adminUsers, icon: UserIcon },
      { to: '/admin/inbox', label: ko.nav.adminInbox, icon: MailIcon },
      { to: '/admin/reports', label: ko.nav.adminReports, icon: ShieldIcon },
    ],
  },
];
