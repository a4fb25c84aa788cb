import { SectionIntro } from '../../components/section-intro.tsx';

export function PlayPage() {
  return (
    <SectionIntro
      title="Play"
      guideAnchor="play"
      description="Play turns cards into memory. Study decks made from your tags, collections and classes with a spaced-repetition scheduler: after each card you answer Again, Hard, Good or Easy, and the card comes back just before you would forget it. Work through what is due today, cram before an exam, and follow your retention, your coming reviews and a calendar of your study days. For a change of pace, play quiz games: multiple choice, or matching pairs against the clock."
    />
  );
}
