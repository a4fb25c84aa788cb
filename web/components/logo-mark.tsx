/**
 * The CARD WEB mark: three cards joined by links. Decorative next to the product name, so it is hidden
 * from assistive technology; `currentColor` lets it follow the app bar's text colour in both themes.
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M11 10.5 21 8M10 15l5 7.5M22 13l-3 9" opacity="0.75" />
        <rect x="3" y="5" width="9" height="11" rx="2" fill="currentColor" fillOpacity="0.15" />
        <rect x="20" y="3" width="9" height="11" rx="2" fill="currentColor" fillOpacity="0.15" />
        <rect x="11.5" y="18" width="9" height="11" rx="2" fill="currentColor" fillOpacity="0.15" />
      </g>
    </svg>
  );
}
