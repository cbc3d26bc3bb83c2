import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { apiRequest, type SiteInfo } from '../../api/client';
import { ko } from '../../i18n/ko';

/** Links to the terms and privacy pages and the contact e-mail from the server's configuration. */
export function Footer() {
  const site = useQuery({ queryKey: ['site'], queryFn: () => apiRequest<SiteInfo>('/api/site'), staleTime: Infinity });
  const email = site.data?.contactEmail;
  return (
    <footer className="footer">
      <nav className="footer__links">
        <Link to="/terms">{ko.footer.terms}</Link>
        <Link to="/privacy">{ko.footer.privacy}</Link>
        {email && (
          <a href={`mailto:${email}`} data-testid="footer-contact">
            {ko.footer.contact}: {email}
          </a>
        )}
      </nav>
      <p className="footer__copy">{ko.footer.copyright(new Date().getFullYear())}</p>
    </footer>
  );
}
