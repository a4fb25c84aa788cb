import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  filterLabels,
  recommendationFilters,
  type RecommendationDebug,
} from '../../../contracts/recommendations.ts';
import { TextLink } from '../../components/text-link.tsx';
import { DebugSection, ScrollBox } from './debug-section.tsx';
import { formatCount, formatNumber } from './format.ts';

/** The candidates the filters took out after ranking, with how many each filter took. */
export function RemovedSection({ removed }: { removed: RecommendationDebug['removed'] }) {
  const counts = recommendationFilters
    .map((filter) => ({ filter, count: removed.filter((candidate) => candidate.filter === filter).length }))
    .filter(({ count }) => count > 0);

  return (
    <DebugSection title="Removed by filters">
      {removed.length === 0 ? (
        <Typography>No filter removed a candidate: every ranked card is in the feed.</Typography>
      ) : (
        <>
          <Box
            component="ul"
            aria-label="Candidates removed per filter"
            sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {counts.map(({ filter, count }) => (
              <Box
                component="li"
                key={filter}
                sx={{ px: 1.25, py: 0.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
              >
                {filterLabels[filter]}: <strong>{formatCount(count)}</strong>
              </Box>
            ))}
          </Box>
          <ScrollBox label="Removed candidates">
            <Table size="small" aria-label="Removed candidates">
              <TableHead>
                <TableRow>
                  <TableCell>Card</TableCell>
                  <TableCell>Filter</TableCell>
                  <TableCell align="right">Rank before filters</TableCell>
                  <TableCell align="right">Score</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {removed.map((candidate) => (
                  <TableRow key={candidate.cardId}>
                    <TableCell component="th" scope="row" sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
                      <TextLink to={`/cards/${candidate.cardId}`}>{candidate.title}</TextLink>
                      <Typography variant="body2" color="text.secondary">
                        @{candidate.authorHandle}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ minWidth: 180 }}>{filterLabels[candidate.filter]}</TableCell>
                    <TableCell align="right">{candidate.rankBefore}</TableCell>
                    <TableCell align="right">{formatNumber(candidate.score)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollBox>
        </>
      )}
    </DebugSection>
  );
}
