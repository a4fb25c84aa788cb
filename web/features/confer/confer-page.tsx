import { SectionIntro } from '../../components/section-intro.tsx';

export function ConferPage() {
  return (
    <SectionIntro
      title="Confer"
      guideAnchor="confer"
      description="Confer is the chat of CARD WEB. Talk in channels or in direct messages, in real time: see who is online and who is typing, mention people, react, edit or delete your own messages, and pick up the conversation later with unread counts and the full history. Embed a card in a message to discuss it, and save a helpful message as a card of its own. Where the site has an AI assistant set up, you can also ask it questions that it answers from your own cards."
    />
  );
}
