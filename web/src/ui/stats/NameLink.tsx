import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ClanLogo } from './ClanLogo';

interface NameLinkProps {
  /** The clan's or player's page. */
  to: string;
  /** The clan whose mark stands before the name (a player's current clan; none shows the default mark). */
  slug?: string | null;
  markBg?: string | null;
  markFront?: string | null;
  logoSize?: number;
  children: ReactNode;
}

/** A table's name cell: the clan mark beside a clan's or player's name, the whole opening its page. */
export function NameLink({ to, slug, markBg, markFront, logoSize, children }: NameLinkProps) {
  return (
    <Link className="name-cell" to={to}>
      <ClanLogo slug={slug} markBg={markBg} markFront={markFront} size={logoSize} />
      <span className="name-cell__text">{children}</span>
    </Link>
  );
}
