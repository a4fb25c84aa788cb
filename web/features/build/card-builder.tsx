import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { cardLimits } from '../../../contracts/card-text.ts';
import { TagsInput } from '../../components/tags-input.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { buildQueryRoot, cardQuery, deleteCard, restoreCard, unpublishCard } from './api.ts';
import { BodyEditor } from './body-editor.tsx';
import type { BodyTab } from './body-editor.tsx';
import { BuilderActions } from './builder-actions.tsx';
import type { BuilderBusy, BuilderNotice } from './builder-actions.tsx';
import { CardFields, titleId } from './card-fields.tsx';
import { serverFields } from './content.ts';
import type { BuilderContent, FieldInputs } from './content.ts';
import { CoverImage } from '../../components/image-upload/cover-image.tsx';
import { DraftHeader } from './draft-header.tsx';
import type { DraftSession, SessionSnapshot } from './draft-session.ts';
import { useImageUploads } from '../../components/image-upload/image-uploads.tsx';
import type { MarkdownEditorHandle } from '../../components/markdown-editor/markdown-editor.tsx';
import { fieldElementId } from './type-fields.tsx';
import { TypedLinks } from './typed-links.tsx';
import { useDraftSession } from './use-draft-session.ts';
import { DraftNotSavedError, usePublishCard } from './use-publish-card.ts';

const tagsId = 'build-tags';

/** The order fields appear in on the page: focus goes to the first one with a problem. */
const fieldOrder = [
  'title',
  'fields.front',
  'fields.back',
  'fields.language',
  'fields.authors',
  'fields.year',
  'fields.doi',
  'fields.url',
  'body',
  'tags',
  'coverURL',
  'typedLinks',
];

type Errors = Record<string, string | undefined>;

/** Field problems from an API error, by path. */
function fieldErrorsOf(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fields.map((field) => [field.path, field.message]));
}

/** Content with nothing in it, for checking the type fields alone. */
const emptyContent: BuilderContent = {
  title: '',
  body: '',
  type: 'note',
  fields: { front: '', back: '', authors: [], year: '', doi: '', url: '', language: '' },
  tags: [],
  coverURL: null,
  visibility: 'public',
  typedLinks: [],
};

/** The builder for one card: `/build?card=<id>`. */
export function CardBuilder({ cardId, ownerKey }: { cardId: string; ownerKey: string }) {
  const [session, snapshot] = useDraftSession(cardId, ownerKey);
  // The editor's code downloads while the draft loads, not after.
  useEffect(() => {
    void import('../../components/markdown-editor/markdown-editor.tsx');
  }, []);

  if (snapshot.phase === 'loading') {
    return (
      <Box sx={{ py: 4 }}>
        <CircularProgress aria-label="Loading the draft" />
      </Box>
    );
  }
  if (snapshot.phase === 'failed' || !snapshot.content) {
    const notFound = snapshot.loadError?.status === 404;
    return (
      <Alert severity="error" sx={{ mt: 3 }}>
        {notFound
          ? 'There is no such card among yours: it may have been deleted.'
          : errorSentence(snapshot.loadError)}{' '}
        <TextLink to="/build">See your drafts</TextLink>.
      </Alert>
    );
  }
  return <Editor session={session} snapshot={snapshot} content={snapshot.content} />;
}

/**
 * The builder's page for a loaded draft. It keeps the content's problems and the actions' state; the header,
 * the fields, the text and the actions are components of their own.
 */
function Editor({
  session,
  snapshot,
  content,
}: {
  session: DraftSession;
  snapshot: SessionSnapshot;
  content: BuilderContent;
}) {
  const cardId = session.cardId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const card = useQuery(cardQuery(cardId));
  const publishing = usePublishCard(session);
  const editor = useRef<MarkdownEditorHandle>(null);
  const [tab, setTab] = useState<BodyTab>('write');
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [focusTarget, setFocusTarget] = useState<{ path: string } | null>(null);
  const [busy, setBusy] = useState<BuilderBusy>(null);
  const [notice, setNotice] = useState<BuilderNotice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const cover = useImageUploads();

  const meta = snapshot.meta;
  const { type, fields } = content;
  const bodyLength = content.body.length;
  const saveError = snapshot.saveError;
  // The problems known now, by path; the same object until one of them changes, for the memoised fields.
  const { errors, clientProblems } = useMemo(() => {
    const found: Errors = { ...fieldErrorsOf(saveError), ...serverErrors };
    const problems = serverFields({ ...emptyContent, type, fields }).problems;
    for (const problem of problems) {
      if (left.has(problem.path) || serverErrors[problem.path]) found[problem.path] = problem.message;
    }
    if (bodyLength > cardLimits.body.max)
      found.body = `At most ${cardLimits.body.max.toLocaleString('en')} characters (now ${bodyLength.toLocaleString('en')})`;
    return { errors: found, clientProblems: problems };
  }, [saveError, serverErrors, type, fields, left, bodyLength]);

  // Every callback below is stable: the parts of the page they go to are memoised and skip the render that
  // each keystroke in the text causes.
  const change = useCallback(
    (patch: Partial<BuilderContent>, paths: string[] = []) => {
      session.patch(patch);
      // A field being changed loses the server's word about it; the rest keep theirs.
      setServerErrors((previous) =>
        paths.some((path) => previous[path])
          ? Object.fromEntries(Object.entries(previous).filter(([key]) => !paths.includes(key)))
          : previous,
      );
    },
    [session],
  );
  const changeBody = useCallback((body: string) => change({ body }, ['body']), [change]);
  const changeFields = useCallback(
    (fields: FieldInputs) =>
      change(
        { fields },
        Object.keys(fields).map((key) => `fields.${key}`),
      ),
    [change],
  );
  const changeTags = useCallback((tags: string[]) => change({ tags }, ['tags']), [change]);
  const changeCover = useCallback((coverURL: string | null) => change({ coverURL }, ['coverURL']), [change]);
  const changeLinks = useCallback(
    (typedLinks: BuilderContent['typedLinks']) => change({ typedLinks }, ['typedLinks']),
    [change],
  );
  const leaveField = useCallback(
    (key: keyof FieldInputs) => setLeft((previous) => new Set([...previous, `fields.${key}`])),
    [],
  );

  // Focus moves to the first field with a problem once the page shows them.
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.path === 'body') editor.current?.focus();
    else {
      const id =
        focusTarget.path === 'title'
          ? titleId
          : focusTarget.path === 'tags'
            ? tagsId
            : focusTarget.path.startsWith('fields.')
              ? fieldElementId(focusTarget.path.slice('fields.'.length) as keyof FieldInputs)
              : null;
      if (id) document.getElementById(id)?.focus();
    }
  }, [focusTarget]);

  const showErrors = (found: Errors) => {
    setServerErrors(found);
    const first = fieldOrder.find((path) => found[path]) ?? Object.keys(found)[0];
    if (first) {
      if (first === 'body' && !wide) setTab('write');
      setFocusTarget({ path: first });
    }
  };

  const publish = async () => {
    setProblem(null);
    setNotice(null);
    if (clientProblems.length > 0) {
      showErrors(Object.fromEntries(clientProblems.map((each) => [each.path, each.message])));
      return;
    }
    setBusy('publish');
    try {
      const published = await publishing.mutateAsync();
      setServerErrors({});
      setNotice({ kind: 'published', version: published.version });
    } catch (error) {
      const found = fieldErrorsOf(error);
      if (error instanceof DraftNotSavedError) setProblem(error.message);
      else if (Object.keys(found).length > 0) {
        setProblem('The card is not ready to publish yet: see the fields marked below.');
        showErrors(found);
      } else setProblem(errorSentence(error));
    } finally {
      setBusy(null);
    }
  };

  const unpublish = async () => {
    setProblem(null);
    setNotice(null);
    setBusy('unpublish');
    try {
      const result = await unpublishCard(cardId);
      session.published(false);
      queryClient.setQueryData(cardQuery(cardId).queryKey, result);
      setNotice({ kind: 'unpublished' });
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setProblem(null);
    setNotice(null);
    setBusy('delete');
    session.stop();
    try {
      await deleteCard(cardId);
      setDeleted(true);
    } catch (error) {
      session.resume();
      setProblem(errorSentence(error));
    } finally {
      setBusy(null);
    }
  };

  const undo = async () => {
    setDeleted(false);
    try {
      await restoreCard(cardId);
      session.resume();
      setNotice({ kind: 'restored' });
    } catch (error) {
      setProblem(`The card could not be brought back. ${errorSentence(error)}`);
      await gone();
    }
  };

  const gone = async () => {
    await session.forget();
    void queryClient.invalidateQueries({ queryKey: buildQueryRoot });
    await navigate('/build', { replace: true });
  };

  const resolve = async (choice: 'latest' | 'mine') => {
    setBusy('conflict');
    setProblem(null);
    try {
      await session.resolveConflict(choice);
    } catch (error) {
      setProblem(`Nothing was changed. ${errorSentence(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const version = card.data?.version ?? 0;
  const published = meta?.published ?? card.data?.status === 'published';

  return (
    <Box sx={{ mt: 3 }}>
      <DraftHeader
        snapshot={snapshot}
        published={published}
        version={version}
        resolving={busy === 'conflict'}
        onResolve={(choice) => void resolve(choice)}
      />

      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <CardFields
          title={content.title}
          type={content.type}
          visibility={content.visibility}
          fields={content.fields}
          errors={errors}
          onChange={change}
          onFieldsChange={changeFields}
          onLeave={leaveField}
        />
        <BodyEditor
          content={content}
          contentVersion={snapshot.contentVersion}
          editorRef={editor}
          error={errors.body}
          onChange={changeBody}
          wide={wide}
          tab={tab}
          onTabChange={setTab}
        />
        <TagsInput
          id={tagsId}
          tags={content.tags}
          onChange={changeTags}
          max={cardLimits.tags.max}
          tooMany={`A card can have at most ${cardLimits.tags.max} tags.`}
          hint={`Press Enter or a comma after each tag. Lowercase; nest with / (ml/recsys). ${content.tags.length} of ${cardLimits.tags.max}.`}
          error={errors.tags}
        />
      </Box>

      <CoverImage
        coverURL={content.coverURL}
        onChange={changeCover}
        upload={cover.start}
        uploads={cover.uploads}
        error={errors.coverURL}
      />
      <TypedLinks
        cardId={cardId}
        links={content.typedLinks}
        onChange={changeLinks}
        error={errors.typedLinks}
      />

      <BuilderActions
        cardId={cardId}
        published={published}
        busy={busy}
        deleted={deleted}
        notice={notice}
        problem={problem}
        onPublish={() => void publish()}
        onUnpublish={() => void unpublish()}
        onDelete={() => void remove()}
        onUndo={() => void undo()}
        onDeleteFinal={() => {
          setDeleted(false);
          void gone();
        }}
      />
    </Box>
  );
}
