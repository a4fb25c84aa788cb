import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { ReadingList, Topic } from '../../../../contracts/research.ts';
import { CitedMarkdown } from '../../../components/markdown/cited-markdown.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { coursePagePath } from '../../../lib/classroom-paths.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import {
  centreQuery,
  deleteReadingList,
  researchViewerKey,
  saveReadingList,
  topicQuery,
  updateTopic,
  useResearchViewer,
} from '../../../lib/research-api.ts';
import { researchCentrePath } from '../../../lib/research-paths.ts';
import { space } from '../../../lib/spacing.ts';
import { PaperSearch } from './paper-search.tsx';
import { ReadingListEditor } from './reading-list-editor.tsx';
import { ReadingListView } from './reading-lists.tsx';
import { TopicFormDialog } from './topic-form-dialog.tsx';

/**
 * `/research_center/topics/:slug`, open to everyone: the editor's introduction, where the topic leads (courses,
 * other pages), its reading lists, and every paper of the topic with search and filters. Editors change the
 * topic and its lists here.
 */
export function TopicPage() {
  const { slug = '' } = useParams();
  const viewer = useResearchViewer();
  const topic = useQuery(topicQuery(viewer, slug));
  // Whether the reader may edit comes with the centre's index (usually cached from the way here).
  const centre = useQuery(centreQuery(viewer));
  const canEdit = centre.data?.canEdit ?? false;

  if (topic.isPending) {
    return (
      <Box component="section" aria-labelledby="section-title">
        <PageHeader title="Topic" guideAnchor="research" />
        <PageLoading />
      </Box>
    );
  }
  if (topic.isError) {
    const missing = topic.error instanceof ApiError && topic.error.status === 404;
    return (
      <Box component="section" aria-labelledby="section-title">
        <PageHeader title={missing ? 'Topic not found' : 'Topic'} guideAnchor="research" />
        {missing ? (
          <Typography>
            There is no topic at this address. See every topic in the{' '}
            <TextLink to={researchCentrePath}>research centre</TextLink>.
          </Typography>
        ) : (
          <QueryError
            error={topic.error}
            lead="The topic could not be loaded."
            onRetry={() => void topic.refetch()}
          />
        )}
      </Box>
    );
  }
  return <TopicView topic={topic.data} canEdit={canEdit} />;
}

function TopicView({ topic, canEdit }: { topic: Topic; canEdit: boolean }) {
  const viewer = useResearchViewer();
  const queryClient = useQueryClient();
  const [editingTopic, setEditingTopic] = useState(false);
  // The list being edited: a saved one, 'new', or none.
  const [editingList, setEditingList] = useState<ReadingList | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReadingList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const saved = async (next: Topic) => {
    queryClient.setQueryData(topicQuery(viewer, topic.slug).queryKey, next);
    // Counts on the centre's index and the topic's papers may have changed too.
    await queryClient.invalidateQueries({ queryKey: researchViewerKey(viewer) });
  };

  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader
        title={topic.title}
        guideAnchor="research"
        subtitle={
          <>
            A topic of the <TextLink to={researchCentrePath}>research centre</TextLink>
          </>
        }
        actions={
          canEdit ? (
            <>
              <Button
                startIcon={<EditOutlinedIcon />}
                onClick={() => setEditingTopic(true)}
                sx={{ minHeight: 44 }}
              >
                Edit the topic
              </Button>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setEditingList('new')}
                sx={{ minHeight: 44 }}
              >
                New reading list
              </Button>
            </>
          ) : undefined
        }
      />
      <Box sx={{ maxWidth: 860 }}>
        <CitedMarkdown source={topic.introduction} />
      </Box>
      <TopicLinks topic={topic} />
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      <Box component="section" aria-labelledby="topic-lists" sx={{ mt: space.section }}>
        <Typography id="topic-lists" variant="h5" component="h2" sx={{ mb: 1.5 }}>
          Reading lists
        </Typography>
        {topic.lists.length === 0 ? (
          <Typography color="text.secondary">
            No reading list yet{canEdit ? ': start one with “New reading list”.' : '.'}
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: space.section }}>
            {topic.lists.map((list) => (
              <ReadingListView
                key={list.id}
                list={list}
                actions={
                  canEdit ? (
                    <>
                      <Button
                        size="small"
                        aria-label={`Edit “${list.title}”`}
                        onClick={() => setEditingList(list)}
                        sx={{ minHeight: 44 }}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={`Delete “${list.title}”`}
                        onClick={() => setDeleting(list)}
                        sx={{ minHeight: 44 }}
                      >
                        Delete
                      </Button>
                    </>
                  ) : undefined
                }
              />
            ))}
          </Box>
        )}
      </Box>
      <Box sx={{ mt: space.section }}>
        <PaperSearch title="Papers in this topic" topic={topic.slug} topicTags={topic.tags} />
      </Box>

      <TopicFormDialog
        open={editingTopic}
        topic={topic}
        onClose={() => setEditingTopic(false)}
        onSave={async (input) => {
          const next = await updateTopic(topic.slug, input);
          setEditingTopic(false);
          await saved(next);
        }}
      />
      <ReadingListEditor
        open={editingList !== null}
        topicSlug={topic.slug}
        list={editingList === 'new' || editingList === null ? undefined : editingList}
        onClose={() => setEditingList(null)}
        onSave={async (input) => {
          const next = await saveReadingList(topic.slug, input);
          setEditingList(null);
          await saved(next);
        }}
      />
      <DeleteListDialog
        list={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={async (list) => {
          setDeleting(null);
          setFailure(null);
          try {
            await deleteReadingList(topic.slug, list.slug);
            await saved({ ...topic, lists: topic.lists.filter((entry) => entry.id !== list.id) });
          } catch (error) {
            setFailure(errorSentence(error));
          }
        }}
      />
    </Box>
  );
}

/** The classroom courses and other pages the topic leads to. */
function TopicLinks({ topic }: { topic: Topic }) {
  const links = [
    ...topic.courses.map((course) => ({
      key: `c-${course.slug}`,
      label: `Course: ${course.title}`,
      to: coursePagePath(course.slug),
    })),
    ...topic.links.map((link) => ({ key: `l-${link.href}`, label: link.label, to: link.href })),
  ];
  if (links.length === 0) return null;
  return (
    <Box component="nav" aria-labelledby="topic-leads" sx={{ mt: 2 }}>
      <Typography id="topic-leads" variant="h5" component="h2" sx={{ mb: 1 }}>
        Go further
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {links.map((link) => (
          <li key={link.key}>
            <TextLink to={link.to}>{link.label}</TextLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}

function DeleteListDialog({
  list,
  onClose,
  onConfirm,
}: {
  list: ReadingList | null;
  onClose: () => void;
  onConfirm: (list: ReadingList) => Promise<void>;
}) {
  return (
    <SheetDialog
      open={list !== null}
      onClose={onClose}
      aria-labelledby="delete-list-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="delete-list-title">Delete “{list?.title}”?</DialogTitle>
      <DialogContent>
        <DialogContentText>The list goes; its papers stay in the topic.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => list && void onConfirm(list)}>
          Delete
        </Button>
      </DialogActions>
    </SheetDialog>
  );
}
