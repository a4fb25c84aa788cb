import { useQuery } from '@tanstack/react-query';
import { TextLink } from '../../components/text-link.tsx';
import { editorsQuery, grantEditor, revokeEditor } from '../../lib/research-api.ts';
import { RoleAdminSection, type RoleConfig } from './role-admin-section.tsx';

const editors: RoleConfig = {
  title: 'Editors',
  description: (
    <>
      Editors keep the research centre: they write its topics and their reading lists. Give the role by
      handle. See <TextLink to="/document#research">the user guide</TextLink>.
    </>
  ),
  holder: 'an editor',
  role: 'editor',
  grantLabel: 'Make editor',
  tableTitle: 'Current editors',
  emptyText: 'Nobody is an editor yet.',
  revokeConsequence: 'They will no longer be able to change the research centre’s topics and reading lists.',
  queryKey: editorsQuery().queryKey,
  useHolders: () => useQuery(editorsQuery()),
  grant: grantEditor,
  revoke: revokeEditor,
};

/** Administrators give the research centre's editor role by handle, see who has it, and take it away. */
export function EditorsAdminSection() {
  return <RoleAdminSection config={editors} />;
}
