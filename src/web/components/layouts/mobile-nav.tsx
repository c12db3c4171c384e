import { Link } from "react-router";
import type { NavSection } from "../../features/marketing/nav.ts";

/**
 * The public pages' navigation on phones: a <details> disclosure like the section menus, so
 * that it opens in the pre-rendered HTML without JavaScript (the content pages load none); its
 * panel spans the header's width below it. Escape and a click elsewhere close it (the header's
 * handlers, or the content pages' plain script).
 */
/** A section's links, as the header's menus and the phones' menu both list them. */
export function NavLinkList({ section, className }: { section: NavSection; className?: string }) {
  return (
    <ul className={className}>
      {section.links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="nav-menu-link">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function MobileNav({ sections }: { sections: readonly NavSection[] }) {
  return (
    <details className="mobile-nav">
      <summary className="mobile-nav-button">
        <span className="visually-hidden">Navigation</span>
        <span className="mobile-nav-icon" aria-hidden="true" />
      </summary>
      <nav aria-label="Mobile" className="mobile-nav-panel">
        <ul className="mobile-nav-sections">
          {sections.map((section) => (
            <li key={section.label}>
              <span className="mobile-nav-section">{section.label}</span>
              <NavLinkList section={section} />
            </li>
          ))}
        </ul>
        <div className="mobile-nav-actions">
          <Link to="/login" className="mobile-nav-action">
            Sign in
          </Link>
          <Link to="/signup" className="mobile-nav-action mobile-nav-action-primary">
            Start your workspace
          </Link>
        </div>
      </nav>
    </details>
  );
}
