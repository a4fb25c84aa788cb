import { SectionIntro } from '../../components/section-intro.tsx';

export function PdfLibraryPage() {
  return (
    <SectionIntro
      title="PDF library"
      guideAnchor="learn"
      description="The PDF library keeps the papers, books and notes you upload. Read them right in the browser, highlight passages and write notes beside them, and search the full text of everything in your library. Turn any highlight into a card in one step, with its source and page kept, and export your references as BibTeX for your own writing."
    />
  );
}
