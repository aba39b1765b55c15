import { Link } from 'react-router';
import type { TermsVersion } from '@/contracts/terms';
import { useCurrentTerms, useTermsVersion } from '@/web/api/terms';
import { formatDateTime } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { LegalArticle } from './legal-page';

/** The current terms (/terms): the version buyers accept now. */
export function CurrentTermsPage() {
  const { data, isError } = useCurrentTerms();
  return (
    <LegalArticle title="Terms" source={data?.markdown} isError={isError}>
      {data && <VersionLine terms={data} />}
    </LegalArticle>
  );
}

/** One published version (/terms/v/{n}), kept readable for the buyers who accepted it. */
export function TermsVersionPage({ version }: { version: number }) {
  const { data, isError } = useTermsVersion(version);
  const current = useCurrentTerms().data;
  return (
    <LegalArticle title={`Terms, version ${String(version)}`} source={data?.markdown} isError={isError}>
      {data && <VersionLine terms={data} />}
      {current && current.version !== version && (
        <p className="bg-muted mb-6 rounded-md p-3 text-sm">
          This is an earlier version of the Terms.{' '}
          <Link to={paths.terms} className="underline underline-offset-4">
            Read the current Terms (version {current.version})
          </Link>
          .
        </p>
      )}
    </LegalArticle>
  );
}

function VersionLine({ terms }: { terms: TermsVersion }) {
  return (
    <p className="text-muted-foreground mb-6 text-sm">
      Version {terms.version}, published {formatDateTime(terms.publishedAt)}. SHA-256 of the text: <code className="break-all">{terms.sha256}</code>
    </p>
  );
}
