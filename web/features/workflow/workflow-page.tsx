import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { PageHeader } from '../../components/page-header.tsx';

export function WorkflowPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Workflow builder" guideAnchor="workflow-builder" />
      <Typography sx={{ maxWidth: 760 }}>
        The workflow builder joins steps into a pipeline you can run again and again. Start from a source (a
        card search, a PDF or a repository), pass it through steps that extract, split, filter, fill a
        template or summarise, and finish with an output: new cards or a blog draft. Each connection is typed,
        so only steps that fit together can be joined. Run a workflow to watch every step's status live, read
        its log, retry or cancel it, and look back at earlier runs.
      </Typography>
    </Box>
  );
}
