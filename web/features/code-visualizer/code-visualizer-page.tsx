import { SectionIntro } from '../../components/section-intro.tsx';

export function CodeVisualizerPage() {
  return (
    <SectionIntro
      title="Code visualiser"
      guideAnchor="code-visualiser"
      description="The code visualiser draws code so you can understand it faster. Paste code or pick a file from a repository you extracted, then look at it as an outline, as a syntax tree (select a node to highlight its code, or select code to find its node), as a call graph, as a graph of the dependencies between modules, or as control flow. Export any view to share it or put it on a card."
    />
  );
}
