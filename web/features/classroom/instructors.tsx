import { Fragment } from 'react';
import type { ProfileSummary } from '../../../contracts/profiles.ts';
import { TextLink } from '../../components/text-link.tsx';
import { nameOf } from './format.ts';

/** "Taught by Ada and Omar", each name a link to their profile; nothing when a course names nobody. */
export function Instructors({ people }: { people: readonly ProfileSummary[] }) {
  if (people.length === 0) return null;
  return (
    <>
      Taught by{' '}
      {people.map((person, index) => (
        <Fragment key={person.key}>
          {index === 0 ? null : index === people.length - 1 ? ' and ' : ', '}
          <TextLink to={`/u/${encodeURIComponent(person.handle)}`}>{nameOf(person)}</TextLink>
        </Fragment>
      ))}
    </>
  );
}
