import { Link } from 'react-router-dom';
import { DATA_POLICY_TITLE } from '#common/data-policy';
import { DATA_POLICY_PATH } from '../routes/data-policy/path';

export const POWERED_BY_URL = 'https://aws.amazon.com/bedrock/';

/** SPEC §1: the beta label and the "Powered by" link; and (issue 36) how we keep a family's data. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <span className="site-footer__beta">Beta Preview v0.7</span>
      <span aria-hidden="true"> · </span>
      <a href={POWERED_BY_URL} target="_blank" rel="noopener noreferrer">
        Powered by Amazon Bedrock<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <span aria-hidden="true"> · </span>
      <Link to={DATA_POLICY_PATH}>{DATA_POLICY_TITLE}</Link>
    </footer>
  );
}
