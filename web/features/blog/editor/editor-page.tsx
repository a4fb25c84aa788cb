import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { loginPathFor } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session.ts';
import { editablePostQuery } from './api.ts';
import { PostEditor } from './post-editor.tsx';

function LoadedEditor({ id, ownerKey }: { id: string; ownerKey: string }) {
  const query = useQuery(editablePostQuery(id));
  if (query.data)
    // A new post id is a new editing session, with nothing carried over from the last one.
    return <PostEditor key={id} post={query.data} ownerKey={ownerKey} />;
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Edit post" guideAnchor="blog" />
      {query.isError ? (
        <QueryError
          error={query.error}
          lead="The post could not be opened."
          onRetry={() => void query.refetch()}
        >
          {' '}
          <TextLink to="/blog/write">See your posts</TextLink>.
        </QueryError>
      ) : (
        <PageLoading />
      )}
    </Box>
  );
}

/** `/blog/write/:id`: the editor of one of the signed-in person's posts. */
export function PostEditorPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  if (!user)
    return (
      <Box component="section" aria-labelledby="section-title">
        <PageHeader title="Edit post" guideAnchor="blog" />
        <Typography>
          You are not signed in. <TextLink to={loginPathFor(`/blog/write/${id}`)}>Sign in</TextLink> to write
          posts.
        </Typography>
      </Box>
    );
  return <LoadedEditor id={id} ownerKey={user.uid ?? user.email ?? 'me'} />;
}
