import { useQuery } from '@tanstack/react-query';
import { apiRequest, type SiteInfo } from '../../api/client';
import { ko } from '../../i18n/ko';
import { privacyPolicy, termsOfUse, type LegalDocument } from '../../i18n/legal-ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';

function LegalDocumentView({ document: doc }: { document: LegalDocument }) {
  useDocumentTitle(doc.title);
  const site = useQuery({ queryKey: ['site'], queryFn: () => apiRequest<SiteInfo>('/api/site'), staleTime: Infinity });
  return (
    <article className="legal">
      <h1>{doc.title}</h1>
      <p className="muted">{ko.legal.lastUpdated(doc.effectiveDate)}</p>
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      {site.data && <p className="legal__contact">{ko.legal.contactLine(site.data.contactEmail)}</p>}
    </article>
  );
}

export function TermsPage() {
  return <LegalDocumentView document={termsOfUse} />;
}

export function PrivacyPage() {
  return <LegalDocumentView document={privacyPolicy} />;
}
