import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { researchViewerKey, useResearchViewer } from '../../../lib/research-api.ts';

/**
 * Marks everything of the signed-in person's research stale (queue, notes, projects, papers), as every
 * change on the research home can show up in any of them.
 */
export function useRefreshResearch(): () => Promise<void> {
  const queryClient = useQueryClient();
  const viewer = useResearchViewer();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: researchViewerKey(viewer) }),
    [queryClient, viewer],
  );
}
