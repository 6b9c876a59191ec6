export const POWERED_BY_URL = 'https://aws.amazon.com/bedrock/';

/** SPEC §1: the beta label and the "Powered by" link. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <span className="site-footer__beta">Beta Preview v0.7</span>
      <span aria-hidden="true"> · </span>
      <a href={POWERED_BY_URL} target="_blank" rel="noopener noreferrer">
        Powered by Amazon Bedrock<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </footer>
  );
}
