import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import TopicOutlinedIcon from '@mui/icons-material/TopicOutlined';
import type { TopicSummary } from '../../../../contracts/research.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { centreQuery, createTopic, researchViewerKey, useResearchViewer } from '../../../lib/research-api.ts';
import { topicPagePath } from '../../../lib/research-paths.ts';
import { space } from '../../../lib/spacing.ts';
import { PaperSearch } from './paper-search.tsx';
import { TopicFormDialog } from './topic-form-dialog.tsx';
import { countOf, introductionPreview } from './topic-preview.ts';

/**
 * `/research_center`, open to everyone: the topics editors keep, each leading to its reading lists and papers,
 * and below them a search over every paper. Editors start new topics here.
 */
export function ResearchCentrePage() {
  const viewer = useResearchViewer();
  const centre = useQuery(centreQuery(viewer));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  let topics;
  if (centre.isPending) topics = <PageLoading />;
  else if (centre.isError)
    topics = (
      <QueryError
        error={centre.error}
        lead="The topics could not be loaded."
        onRetry={() => void centre.refetch()}
      />
    );
  else if (centre.data.topics.length === 0)
    topics = (
      <EmptyState icon={<TopicOutlinedIcon />}>
        No topic is here yet. Editors gather papers into topics with reading lists; search every paper below.
      </EmptyState>
    );
  else topics = <TopicGrid topics={centre.data.topics} />;

  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader
        title="Research centre"
        guideAnchor="research"
        subtitle="Papers by topic, with reading lists from the foundations to the latest work."
        actions={
          centre.data?.canEdit ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setCreating(true)}
              sx={{ minHeight: 44 }}
            >
              New topic
            </Button>
          ) : undefined
        }
      />
      <Box component="section" aria-labelledby="centre-topics">
        <Typography id="centre-topics" variant="h5" component="h2" sx={{ mb: 1.5 }}>
          Topics
        </Typography>
        {topics}
      </Box>
      <Box sx={{ mt: space.section }}>
        <PaperSearch title="All papers" />
      </Box>
      <TopicFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSave={async (input) => {
          const topic = await createTopic(input);
          setCreating(false);
          await queryClient.invalidateQueries({ queryKey: researchViewerKey(viewer) });
          void navigate(topicPagePath(topic.slug));
        }}
      />
    </Box>
  );
}

/** The topics as cards: two or three a row on a wide screen, one on a phone. */
function TopicGrid({ topics }: { topics: readonly TopicSummary[] }) {
  return (
    <Box
      component="ul"
      aria-labelledby="centre-topics"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: space.block,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        },
      }}
    >
      {topics.map((topic) => (
        <li key={topic.id}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                <TextLink to={topicPagePath(topic.slug)}>{topic.title}</TextLink>
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {countOf(topic.paperCount, 'paper', 'papers')} ·{' '}
                {countOf(topic.listCount, 'reading list', 'reading lists')}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {introductionPreview(topic.introduction)}
              </Typography>
            </CardContent>
          </Card>
        </li>
      ))}
    </Box>
  );
}
