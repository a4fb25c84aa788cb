import { SectionIntro } from '../../components/section-intro.tsx';

export function WorkflowPage() {
  return (
    <SectionIntro
      title="Workflow builder"
      guideAnchor="workflow-builder"
      description="The workflow builder joins steps into a pipeline you can run again and again. Start from a source (a card search, a PDF or a repository), pass it through steps that extract, split, filter, fill a template or summarise, and finish with an output: new cards or a blog draft. Each connection is typed, so only steps that fit together can be joined. Run a workflow to watch every step's status live, read its log, retry or cancel it, and look back at earlier runs."
    />
  );
}
