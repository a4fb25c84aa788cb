import { memo, useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { PreviewFile } from '../../../contracts/extractor.ts';
import { countOf, decisionText, estimatedTokensOf } from './format.ts';
import {
  excludingFolder,
  fileGlob,
  folderGlob,
  folderToggleState,
  sortedChildren,
  type Evaluation,
  type FolderNode,
  type PreviewTree,
} from './preview-model.ts';

/** Children shown at once in one folder; more on request, so a folder of thousands stays quick. */
const pageSize = 200;

export type TreeOrder = 'tokens' | 'name';

/** What every row of the tree reads. */
interface TreeProps {
  files: readonly PreviewFile[];
  tree: PreviewTree;
  evaluation: Evaluation;
  exclude: readonly string[];
  order: TreeOrder;
  /** Adds `glob` to the exclude list (`on`) or takes it out. */
  onToggle: (glob: string, on: boolean) => void;
}

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;
const rowSx = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: 0.5,
  minWidth: 0,
} as const;

/**
 * The preview's files as nested lists, folders closed at first: only an open folder's children are rendered
 * (at most 200 at a time), and the sums come from the evaluation, so 50,000 files stay quick. Each folder and
 * file has a checkbox "Exclude <path>" that adds or removes its exclude glob.
 */
export function PreviewTreeView(props: TreeProps & { label: string }) {
  const root = props.tree.folders[0];
  if (!root) return null;
  return (
    <Box component="ul" aria-label={props.label} sx={listSx}>
      <FolderChildren {...props} folder={root} />
    </Box>
  );
}

function FolderChildren(props: TreeProps & { folder: FolderNode }) {
  const { files, tree, folder, order } = props;
  const [limit, setLimit] = useState(pageSize);
  const children = useMemo(() => sortedChildren(files, tree, folder, order), [files, tree, folder, order]);
  const total = children.folders.length + children.files.length;
  const shownFolders = children.folders.slice(0, limit);
  const shownFiles = children.files.slice(0, Math.max(0, limit - shownFolders.length));
  return (
    <>
      {shownFolders.map((child) => (
        <FolderItem key={child.id} {...props} folder={child} />
      ))}
      {shownFiles.map((index) => (
        <FileItem key={index} {...props} index={index} />
      ))}
      {total > limit ? (
        <li>
          <Button size="small" onClick={() => setLimit((current) => current + pageSize)}>
            Show {Math.min(pageSize, total - limit).toLocaleString('en')} more of{' '}
            {folder.path ? `${folder.path}/` : 'the top folder'} ({(total - limit).toLocaleString('en')} not
            shown)
          </Button>
        </li>
      ) : null}
    </>
  );
}

const FolderItem = memo(function FolderItem(props: TreeProps & { folder: FolderNode }) {
  const { tree, evaluation, exclude, folder, onToggle } = props;
  const [open, setOpen] = useState(false);
  const groupId = useId();
  const state = folderToggleState(evaluation, folder);
  const glob = folderGlob(folder.path);
  const own = exclude.includes(glob);
  const by = state === 'checked' && !own ? excludingFolder(tree, exclude, folder.parent) : null;
  const included = evaluation.includedFiles[folder.id] ?? 0;
  const excluded = evaluation.excludedFiles[folder.id] ?? 0;
  const note =
    state === 'checked'
      ? own
        ? 'excluded: you left it out'
        : by
          ? `excluded with ${by.path}/`
          : 'excluded by other choices'
      : state === 'mixed'
        ? `${excluded.toLocaleString('en')} excluded`
        : null;
  return (
    <li>
      <Box sx={rowSx}>
        <Checkbox
          checked={state === 'checked'}
          indeterminate={state === 'mixed'}
          disabled={state === 'checked' && !own}
          onChange={() => onToggle(glob, !own)}
          slotProps={{ input: { 'aria-label': `Exclude ${folder.path}` } }}
        />
        <Button
          color="inherit"
          aria-expanded={open}
          aria-controls={open ? groupId : undefined}
          onClick={() => setOpen((current) => !current)}
          startIcon={open ? <ExpandMoreIcon /> : <ChevronRightIcon />}
          sx={{
            textTransform: 'none',
            fontWeight: 600,
            minWidth: 0,
            overflowWrap: 'anywhere',
            textAlign: 'left',
          }}
        >
          {folder.name}/
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {included.toLocaleString('en')} of {countOf(folder.fileCount, 'file', 'files')} included ·{' '}
          {estimatedTokensOf(evaluation.includedTokens[folder.id] ?? 0)}
          {note ? ` · ${note}` : ''}
        </Typography>
      </Box>
      {open ? (
        <Box component="ul" id={groupId} aria-label={`${folder.path}/`} sx={{ ...listSx, pl: 2 }}>
          <FolderChildren {...props} folder={folder} />
        </Box>
      ) : null}
    </li>
  );
});

const FileItem = memo(function FileItem(props: TreeProps & { index: number }) {
  const { files, tree, evaluation, exclude, index, onToggle } = props;
  const file = files[index];
  const verdict = evaluation.verdicts[index];
  if (!file || !verdict) return null;
  const glob = fileGlob(file.path);
  const own = exclude.includes(glob);
  const excluded = verdict.decision === 'exclude';
  const by = excluded && !own ? excludingFolder(tree, exclude, tree.folderOf[index] ?? 0) : null;
  const words = own ? 'excluded: you left it out' : by ? `excluded with ${by.path}/` : decisionText(verdict);
  return (
    <li>
      <Box sx={rowSx}>
        <Checkbox
          checked={excluded}
          disabled={excluded && !own}
          onChange={() => onToggle(glob, !own)}
          slotProps={{ input: { 'aria-label': `Exclude ${file.path}` } }}
        />
        <Typography
          component="span"
          sx={{
            overflowWrap: 'anywhere',
            color: excluded ? 'text.secondary' : 'text.primary',
            textDecoration: excluded ? 'line-through' : 'none',
          }}
        >
          {tree.names[index]}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {estimatedTokensOf(file.tokens)} · {words}
        </Typography>
      </Box>
    </li>
  );
});
