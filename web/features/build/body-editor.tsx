import { lazy, memo, Suspense, useCallback, useId, useRef, useState } from 'react';
import type { RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { cardImageRules } from '../../../contracts/files.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { imageProblem } from '../../components/image-upload/upload-image.ts';
import { suggestTitles } from './api.ts';
import { CardPreview } from './card-preview.tsx';
import type { BuilderContent } from './content.ts';
import { UploadProgress, useImageUploads } from '../../components/image-upload/image-uploads.tsx';
import type { MarkdownEditorHandle } from '../../components/markdown-editor/markdown-editor.tsx';

// CodeMirror is the largest part of the builder: its own chunk, loaded while the draft is fetched.
// Memoised: it renders only when its own props change, not on every keystroke in it.
const MarkdownEditor = lazy(async () => ({
  default: memo((await import('../../components/markdown-editor/markdown-editor.tsx')).MarkdownEditor),
}));

/** Which half a narrow screen shows: the text being written or its preview. */
export type BodyTab = 'write' | 'preview';

function altTextOf(name: string): string {
  return (
    name
      .replace(/\.[^.]+$/, '')
      .replace(/[[\]\\]/g, '')
      .trim() || 'image'
  );
}

let uploadCounter = 0;

interface BodyEditorProps {
  content: BuilderContent;
  /** Changes only when the text was loaded from elsewhere (after a conflict): the editor then starts afresh. */
  contentVersion: number;
  editorRef: RefObject<MarkdownEditorHandle | null>;
  error: string | undefined;
  onChange: (body: string) => void;
  /** Side by side on wide screens; tabs on narrow ones. */
  wide: boolean;
  tab: BodyTab;
  onTabChange: (tab: BodyTab) => void;
}

/** The card's text: the Markdown editor with image uploads, and the live preview beside it or in a tab. */
export function BodyEditor({
  content,
  contentVersion,
  editorRef,
  error,
  onChange,
  wide,
  tab,
  onTabChange,
}: BodyEditorProps) {
  const imageInput = useRef<HTMLInputElement>(null);
  const bodyErrorId = useId();
  const bodyHelpId = useId();
  const [imageTrouble, setImageTrouble] = useState<string | null>(null);
  const inline = useImageUploads();

  // The editor starts from the text it is given at mount; later text comes from typing in it. Only text
  // loaded from elsewhere (after a conflict) gives it a new start, with a new key.
  const [editorStart, setEditorStart] = useState({ version: contentVersion, body: content.body });
  if (editorStart.version !== contentVersion) {
    setEditorStart({ version: contentVersion, body: content.body });
  }

  const pickImage = useCallback(() => imageInput.current?.click(), []);
  const startInline = inline.start;
  const insertImages = useCallback(
    (files: File[], position: number) => {
      setImageTrouble(null);
      let at = position;
      for (const file of files) {
        const why = imageProblem(file);
        if (why) {
          setImageTrouble(why);
          continue;
        }
        const alt = altTextOf(file.name);
        uploadCounter += 1;
        // A placeholder marks the spot; it moves with the text typed meanwhile and becomes the image.
        const marker = `![Uploading ${alt} (${uploadCounter})…]()`;
        editorRef.current?.insert(marker, at);
        at += marker.length;
        startInline(file).then(
          (image) => editorRef.current?.replace(marker, `![${alt}](${image.url})`),
          (failure: unknown) => {
            editorRef.current?.replace(marker, '');
            setImageTrouble(`“${file.name}” was not uploaded. ${errorSentence(failure)}`);
          },
        );
      }
    },
    [startInline, editorRef],
  );

  const editorArea = (
    <Box>
      <Suspense
        fallback={
          <Box sx={{ minHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
            <CircularProgress size={24} aria-label="Loading the editor" />
          </Box>
        }
      >
        <MarkdownEditor
          // Text loaded from the server again (after a conflict) starts the editor afresh.
          key={editorStart.version}
          ref={editorRef}
          initialValue={editorStart.body}
          onChange={onChange}
          label="Card text, in Markdown"
          describedBy={error ? `${bodyErrorId} ${bodyHelpId}` : bodyHelpId}
          invalid={Boolean(error)}
          suggestTitles={suggestTitles}
          onImageFiles={insertImages}
          onPickImage={pickImage}
        />
      </Suspense>
      {error ? (
        <Typography id={bodyErrorId} color="error" variant="body2" sx={{ mt: 0.5 }}>
          {error}
        </Typography>
      ) : null}
      <Typography id={bodyHelpId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Markdown with $math$, ```code``` and [[links]] to other cards. Paste or drop images into the text.
        Ctrl+F searches.
      </Typography>
      <UploadProgress uploads={inline.uploads} />
      {imageTrouble ? (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setImageTrouble(null)}>
          {imageTrouble}
        </Alert>
      ) : null}
      <input
        ref={imageInput}
        type="file"
        multiple
        accept={cardImageRules.types.join(',')}
        aria-label="Image file to insert"
        tabIndex={-1}
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          insertImages(files, editorRef.current?.cursor() ?? content.body.length);
        }}
      />
    </Box>
  );
  const preview = (
    <Box
      component="section"
      aria-label="Preview"
      sx={{
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        minHeight: 360,
        overflowWrap: 'anywhere',
      }}
    >
      <CardPreview content={content} />
    </Box>
  );

  if (wide) {
    return (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 2 }}>
        {editorArea}
        {preview}
      </Box>
    );
  }
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, value: BodyTab) => onTabChange(value)}
        aria-label="Text or preview"
      >
        <Tab value="write" label="Write" id="build-tab-write" aria-controls="build-panel-write" />
        <Tab value="preview" label="Preview" id="build-tab-preview" aria-controls="build-panel-preview" />
      </Tabs>
      {/* Both stay mounted, so switching keeps the editor's selection and history. */}
      <Box
        role="tabpanel"
        id="build-panel-write"
        aria-labelledby="build-tab-write"
        hidden={tab !== 'write'}
        sx={{ pt: 2 }}
      >
        {editorArea}
      </Box>
      <Box
        role="tabpanel"
        id="build-panel-preview"
        aria-labelledby="build-tab-preview"
        hidden={tab !== 'preview'}
        sx={{ pt: 2 }}
      >
        {preview}
      </Box>
    </Box>
  );
}
