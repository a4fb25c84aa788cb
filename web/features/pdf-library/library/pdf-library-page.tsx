import { useCallback, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { PdfDocument, PdfLibrary, PdfUpdate } from '../../../../contracts/pdfs.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { loginPathFor } from '../../../lib/navigation.ts';
import { pdfLibraryQuery, pdfOwnerOf } from '../../../lib/pdfs-api.ts';
import { useSession } from '../../../lib/session.ts';
import { space } from '../../../lib/spacing.ts';
import { useDeletePdf, useRefreshPdfs, useUpdatePdf } from './api.ts';
import { CollectionsDialog } from './collections-dialog.tsx';
import { DeletePdfDialog } from './delete-pdf-dialog.tsx';
import { EditPdfDialog } from './edit-pdf-dialog.tsx';
import { ExportDialog, type ExportScope } from './export-dialog.tsx';
import { countOf } from './format.ts';
import { LibraryFilterBar } from './library-filters.tsx';
import { PdfList } from './pdf-list.tsx';
import { PdfSearchBox, PdfSearchResults } from './pdf-search.tsx';
import { StorageMeter } from './storage-meter.tsx';
import { useFileDrop } from './use-file-drop.ts';
import { UploadList } from './upload-list.tsx';
import { pdfUploads, usePdfUploads } from './upload-store.ts';
import { useDebouncedParam } from '../../../lib/url-params.ts';
import { useLibraryFilters } from './url-state.ts';

const title = 'PDF library';

/**
 * `/learn/pdf-library`: the person's PDFs. Upload by the button or by dropping files on the page, see the
 * storage used, search the text of every PDF, sort and filter the list (all in the address), edit a PDF's
 * details and collections, export references and delete what is no longer wanted.
 */
export function PdfLibraryPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1000 }}>
        <PageHeader title={title} guideAnchor="learn" />
        <Typography sx={{ maxWidth: 760 }}>
          The PDF library keeps the papers, books and notes you upload: read them here, highlight passages,
          search the text of all of them and export their references. You are not signed in.{' '}
          <TextLink to={loginPathFor('/learn/pdf-library')}>Sign in</TextLink> to open your library.
        </Typography>
      </Box>
    );
  }
  return <SignedInLibrary owner={pdfOwnerOf(user)} />;
}

function SignedInLibrary({ owner }: { owner: string | null }) {
  const { filters, query, filtered, setParams, clear } = useLibraryFilters();
  const search = useDebouncedParam('q', 300);
  const library = useQuery({ ...pdfLibraryQuery(owner, query), placeholderData: keepPreviousData });
  const uploads = usePdfUploads(owner);
  const refresh = useRefreshPdfs();
  const input = useRef<HTMLInputElement>(null);

  const addFiles = useCallback(
    (files: Iterable<File>) => pdfUploads.add(files, () => void refresh()),
    [refresh],
  );
  const dragging = useFileDrop(addFiles);
  const choose = () => input.current?.click();

  const data = library.data;
  const empty = data !== undefined && data.total === 0;
  const [dialog, setDialog] = useState<'collections' | 'export' | null>(null);
  const [exportScope, setExportScope] = useState<ExportScope>('library');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = useMemo(
    () => (data?.items ?? []).filter((item) => selected.has(item.id)).map((item) => item.id),
    [data, selected],
  );

  const openExport = (scope: ExportScope) => {
    setExportScope(scope);
    setDialog('export');
  };

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1000, position: 'relative' }}>
      <PageHeader
        title={title}
        guideAnchor="learn"
        subtitle={
          data && data.total > 0 ? `${countOf(data.total, 'PDF', 'PDFs')} in your library` : undefined
        }
        actions={
          <>
            <Button variant="contained" startIcon={<UploadFileIcon />} onClick={choose}>
              Upload PDFs
            </Button>
            {data && !empty ? (
              <>
                <Button
                  variant="outlined"
                  startIcon={<FolderOutlinedIcon />}
                  onClick={() => setDialog('collections')}
                >
                  Collections
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  onClick={() =>
                    openExport(
                      selectedIds.length > 0 ? 'selection' : filters.collection ? 'collection' : 'library',
                    )
                  }
                >
                  Export
                </Button>
              </>
            ) : null}
          </>
        }
      />
      {/* Reached through "Upload PDFs"; out of the tab order so the keyboard meets one control, not two. */}
      <input
        ref={input}
        type="file"
        multiple
        accept="application/pdf,.pdf"
        aria-label="PDF files to upload"
        tabIndex={-1}
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) addFiles(files);
        }}
      />
      {dragging ? <DropHint /> : null}

      {data ? <StorageMeter usage={data.usage} /> : null}
      <UploadList items={uploads} />

      {library.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading your library" />
        </Box>
      ) : library.isError ? (
        <QueryError
          error={library.error}
          lead="Your library could not be loaded."
          onRetry={() => void library.refetch()}
          sx={{ mt: space.block }}
        />
      ) : empty ? (
        <Box sx={{ mt: space.block }}>
          <EmptyState
            icon={<PictureAsPdfOutlinedIcon />}
            action={
              <Button variant="outlined" onClick={choose}>
                Choose PDFs
              </Button>
            }
          >
            Your library has no PDFs yet. Drop papers, books or notes anywhere on this page, or choose them
            from your device: up to 100 MB each.
          </EmptyState>
        </Box>
      ) : (
        <LibraryContents
          owner={owner}
          library={library.data}
          searchState={search}
          filtersState={{ filters, filtered, setParams, clear }}
          selected={selected}
          setSelected={setSelected}
          selectedIds={selectedIds}
          onExportSelection={() => openExport('selection')}
        />
      )}

      <CollectionsDialog
        open={dialog === 'collections'}
        collections={data?.collections ?? []}
        onClose={() => setDialog(null)}
      />
      <ExportDialog
        open={dialog === 'export'}
        onClose={() => setDialog(null)}
        selectedIds={selectedIds}
        collections={data?.collections ?? []}
        startScope={exportScope}
        startCollection={filters.collection}
      />
    </Box>
  );
}

/** Says where the dragged files go, over the page, while they are dragged. */
function DropHint() {
  return (
    <Box
      aria-hidden
      sx={{
        position: 'fixed',
        inset: 8,
        zIndex: 'modal',
        pointerEvents: 'none',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: 3,
        borderStyle: 'dashed',
        borderColor: 'primary.main',
        borderRadius: 2,
        bgcolor: 'background.paper',
        opacity: 0.92,
      }}
    >
      <Typography variant="h5" component="p">
        Drop the PDFs to add them to your library
      </Typography>
    </Box>
  );
}

function LibraryContents({
  owner,
  library,
  searchState,
  filtersState,
  selected,
  setSelected,
  selectedIds,
  onExportSelection,
}: {
  owner: string | null;
  library: PdfLibrary;
  searchState: ReturnType<typeof useDebouncedParam>;
  filtersState: Pick<ReturnType<typeof useLibraryFilters>, 'filters' | 'filtered' | 'setParams' | 'clear'>;
  selected: ReadonlySet<string>;
  setSelected: (update: (current: ReadonlySet<string>) => ReadonlySet<string>) => void;
  selectedIds: readonly string[];
  onExportSelection: () => void;
}) {
  const { filters, filtered, setParams, clear } = filtersState;
  const update = useUpdatePdf();
  const remove = useDeletePdf();
  const [editing, setEditing] = useState<PdfDocument | null>(null);
  const [deleting, setDeleting] = useState<PdfDocument | null>(null);
  const items = library.items;

  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [setSelected],
  );
  const showTag = useCallback((tag: string) => setParams({ tag }), [setParams]);
  const save = (document: PdfDocument, changes: PdfUpdate) =>
    update.mutateAsync({ id: document.id, update: changes });
  const destroy = async (document: PdfDocument) => {
    await remove.mutateAsync(document.id);
    toggle(document.id, false);
  };

  const allShown = items.length > 0 && selectedIds.length === items.length;
  const selectAll = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const item of items) {
        if (on) next.add(item.id);
        else next.delete(item.id);
      }
      return next;
    });

  return (
    <>
      <Box sx={{ mt: space.block }}>
        <PdfSearchBox text={searchState.text} onText={searchState.setText} onCommit={searchState.commit} />
      </Box>
      {searchState.value ? (
        <PdfSearchResults owner={owner} q={searchState.value} library={items} />
      ) : (
        <Box sx={{ mt: space.block }}>
          <LibraryFilterBar
            filters={filters}
            tags={library.tags}
            collections={library.collections}
            filtered={filtered}
            onChange={setParams}
            onClear={clear}
          />
          {items.length === 0 ? (
            <Box sx={{ mt: space.block }}>
              <EmptyState
                icon={<FilterListOffIcon />}
                action={
                  <Button variant="outlined" onClick={clear}>
                    Clear filters
                  </Button>
                }
              >
                No PDF in your library matches these filters.
              </EmptyState>
            </Box>
          ) : (
            <>
              <Box
                role="group"
                aria-label="Selection"
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, mt: 1 }}
              >
                <FormControlLabel
                  sx={{ mr: 1 }}
                  label="Select all shown"
                  control={
                    <Checkbox
                      checked={allShown}
                      indeterminate={selectedIds.length > 0 && !allShown}
                      onChange={(event) => selectAll(event.target.checked)}
                    />
                  }
                />
                <Typography variant="body2" color="text.secondary" role="status" sx={{ mr: 1 }}>
                  {selectedIds.length > 0 ? `${selectedIds.length} selected` : ''}
                </Typography>
                {selectedIds.length > 0 ? (
                  <>
                    <Button size="small" startIcon={<DownloadIcon />} onClick={onExportSelection}>
                      Export selected
                    </Button>
                    <Button size="small" color="inherit" onClick={() => selectAll(false)}>
                      Clear selection
                    </Button>
                  </>
                ) : null}
              </Box>
              <PdfList
                items={items}
                selected={selected}
                onToggle={toggle}
                onEdit={setEditing}
                onDelete={setDeleting}
                onTag={showTag}
              />
            </>
          )}
        </Box>
      )}
      <EditPdfDialog
        document={editing}
        collections={library.collections}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <DeletePdfDialog document={deleting} onClose={() => setDeleting(null)} onDelete={destroy} />
    </>
  );
}
