import { useQueries } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  bibliographyFormats,
  citationStyleNames,
  citationStyles,
  type BibliographyFormat,
  type CitationStyle,
  type Project,
} from '../../../../contracts/research.ts';
import { citePaper, exportHref, researchViewerKey, useResearchViewer } from '../../../lib/research-api.ts';

const formatNames: Record<BibliographyFormat, string> = {
  bibtex: 'BibTeX',
  ris: 'RIS',
  'csl-json': 'CSL-JSON',
};

/** Downloads of the project's papers: as a bibliography file, or as a reference list in one of the styles. */
export function ProjectExport({ projectId }: { projectId: string }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Export the project">
      {bibliographyFormats.map((format) => (
        <Button
          key={format}
          variant="outlined"
          size="small"
          href={exportHref({ projectId }, format)}
          download
        >
          {formatNames[format]}
        </Button>
      ))}
      {citationStyles.map((style) => (
        <Button key={style} variant="outlined" size="small" href={exportHref({ projectId }, style)} download>
          {citationStyleNames[style]} list
        </Button>
      ))}
    </Box>
  );
}

/**
 * The annotated bibliography: each paper's reference in the person's style, with its annotation under it.
 * References are fetched one paper at a time (they are cached per paper and style).
 */
export function AnnotatedBibliography({ project, style }: { project: Project; style: CitationStyle }) {
  const viewer = useResearchViewer();
  const references = useQueries({
    queries: project.papers.map((item) => ({
      queryKey: [...researchViewerKey(viewer), 'cite', item.paper.id, style] as const,
      queryFn: () => citePaper(item.paper.id, style),
      staleTime: Infinity,
    })),
  });
  if (project.papers.length === 0) {
    return (
      <Typography color="text.secondary">
        The bibliography lists the project’s papers once there are some.
      </Typography>
    );
  }
  return (
    <Box
      component="ol"
      aria-label={`Annotated bibliography, ${citationStyleNames[style]}`}
      sx={{ m: 0, pl: 3, display: 'grid', gap: 1.5 }}
    >
      {project.papers.map((item, index) => {
        const reference = references[index];
        return (
          <li key={item.paper.id}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {reference?.data?.text ?? (reference?.isError ? item.paper.title : `${item.paper.title} …`)}
            </Typography>
            {item.annotation ? (
              <Typography variant="body2" sx={{ pl: 2, mt: 0.5, whiteSpace: 'pre-wrap' }}>
                {item.annotation}
              </Typography>
            ) : null}
          </li>
        );
      })}
    </Box>
  );
}
