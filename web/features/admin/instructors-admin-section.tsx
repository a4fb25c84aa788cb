import { useQuery } from '@tanstack/react-query';
import { TextLink } from '../../components/text-link.tsx';
import { grantInstructor, instructorsQuery, revokeInstructor } from './api.ts';
import { RoleAdminSection, type RoleConfig } from './role-admin-section.tsx';

const instructors: RoleConfig = {
  title: 'Instructors',
  description: (
    <>
      Instructors write and publish courses in the classroom. Give the role by handle; without it, a person
      cannot start a new course. See <TextLink to="/document#classroom">the user guide</TextLink>.
    </>
  ),
  holder: 'an instructor',
  role: 'instructor',
  grantLabel: 'Make instructor',
  tableTitle: 'Current instructors',
  emptyText: 'Nobody is an instructor yet.',
  revokeConsequence: 'They will no longer be able to start new courses.',
  queryKey: instructorsQuery.queryKey,
  useHolders: () => useQuery(instructorsQuery),
  grant: grantInstructor,
  revoke: revokeInstructor,
};

/** Administrators give the instructor role by handle, see who has it, and take it away after asking. */
export function InstructorsAdminSection() {
  return <RoleAdminSection config={instructors} />;
}
