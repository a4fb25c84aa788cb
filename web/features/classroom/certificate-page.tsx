import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import type { Certificate } from '../../../contracts/classroom.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiError } from '../../lib/api.ts';
import { certificatePagePath, coursePagePath } from '../../lib/classroom-paths.ts';
import { useCertificate } from '../../lib/classroom-api.ts';
import { CopyLinkButton } from './copy-link-button.tsx';
import { dayText } from './format.ts';

// The route's own limit on an id: a longer one names no certificate, so the server is not asked.
const idLimit = 40;

/**
 * `/classroom/certificates/:id`, open to everyone without signing in: a certificate of completion. The page is
 * the verification: CARD WEB shows it from its own records, so a certificate that shows here is genuine.
 */
export function CertificatePage() {
  const { id = '' } = useParams();
  if (id.length === 0 || id.length > idLimit) {
    return <NoCertificate />;
  }
  return <CertificateById key={id} id={id} />;
}

function Frame({ title = 'Certificate', children }: { title?: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 860, minWidth: 0 }}>
      <Box sx={{ displayPrint: 'none' }}>
        <PageHeader title={title} guideAnchor="classroom" />
      </Box>
      {children}
    </Box>
  );
}

function NoCertificate() {
  return (
    <Frame title="Certificate not found">
      <EmptyState
        icon={<WorkspacePremiumOutlinedIcon />}
        link={{ to: '/classroom', label: 'See all courses' }}
      >
        No certificate has this id. Check the link: it must be copied whole.
      </EmptyState>
    </Frame>
  );
}

function CertificateById({ id }: { id: string }) {
  const query = useCertificate(id);
  if (query.data) {
    return (
      <Frame>
        <CertificateSheet certificate={query.data} />
      </Frame>
    );
  }
  if (query.isError && query.error instanceof ApiError && [400, 404].includes(query.error.status)) {
    return <NoCertificate />;
  }
  return (
    <Frame>
      {query.isError ? (
        <QueryError
          error={query.error}
          lead="The certificate could not be loaded."
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PageLoading />
      )}
    </Frame>
  );
}

// On paper only the certificate is printed: the site's bars and the page's buttons stay on screen.
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header.MuiAppBar-root, nav, #main ~ *': { display: 'none !important' },
        body: { background: 'white' },
      },
    }}
  />
);

function CertificateSheet({ certificate }: { certificate: Certificate }) {
  const facts: [string, ReactNode][] = [
    ['Course version', certificate.version],
    ['Issued on', <time dateTime={certificate.issuedAt}>{dayText(certificate.issuedAt)}</time>],
    [
      'Certificate id',
      <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
        {certificate.id}
      </Box>,
    ],
  ];
  return (
    <>
      {printStyles}
      <Box
        component="article"
        aria-labelledby="certificate-title"
        sx={{
          border: 3,
          borderStyle: 'double',
          borderColor: 'primary.main',
          borderRadius: 2,
          p: { xs: 2.5, sm: 5 },
          textAlign: 'center',
          display: 'grid',
          gap: 2,
          justifyItems: 'center',
          '@media print': { borderColor: 'black', color: 'black', breakInside: 'avoid' },
        }}
      >
        <WorkspacePremiumOutlinedIcon aria-hidden sx={{ fontSize: 48, color: 'primary.main' }} />
        <Typography id="certificate-title" variant="h4" component="h2">
          Certificate of completion
        </Typography>
        <Typography>This certifies that</Typography>
        <Typography variant="h3" component="p" sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={`/u/${encodeURIComponent(certificate.holderHandle)}`}>
            {certificate.holderName}
          </Link>
        </Typography>
        <Typography>completed every lesson of the course</Typography>
        <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={coursePagePath(certificate.courseSlug)}>
            {certificate.courseTitle}
          </Link>
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            textAlign: 'left',
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0 },
          }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Box>
          ))}
        </Box>
        <Typography
          variant="body2"
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', textAlign: 'left', maxWidth: 560 }}
        >
          <VerifiedOutlinedIcon aria-hidden fontSize="small" sx={{ color: 'success.main', mt: 0.25 }} />
          <span>
            Verified by CARD WEB: this page is shown from CARD WEB’s own records, so a certificate that
            appears at this address is genuine.
          </span>
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          mt: 3,
          alignItems: 'flex-start',
          displayPrint: 'none',
        }}
      >
        <Button
          variant="outlined"
          startIcon={<PrintOutlinedIcon />}
          onClick={() => window.print()}
          sx={{ minHeight: 44 }}
        >
          Print
        </Button>
        <CopyLinkButton
          path={certificatePagePath(certificate.id)}
          label="Copy link"
          fieldLabel="Link to this certificate"
        />
      </Box>
    </>
  );
}
