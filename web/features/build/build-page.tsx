import { SectionIntro } from '../../components/section-intro.tsx';

export function BuildPage() {
  return (
    <SectionIntro
      title="Build"
      guideAnchor="build"
      description="The card builder is where you write cards. Type Markdown on one side and watch the finished card on the other, with math, code and images. Choose a card type (note, flashcard with a front and a back, cloze deletion, code, paper or link), add tags and a cover image, and type [[ to link to another card by its title. Every keystroke is kept as a draft, so nothing is lost; publish when the card is ready, look back through its version history, or remix someone's public card into a card of your own."
    />
  );
}
