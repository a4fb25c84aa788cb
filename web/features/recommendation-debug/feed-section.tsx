import { Fragment, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { sourceLabels, type DebugItem } from '../../../contracts/recommendations.ts';
import { TextLink } from '../../components/text-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { DebugSection, ScrollBox } from './debug-section.tsx';
import { featureNames, formatNumber, sourceNames } from './format.ts';

const columns = 7;

/** The feed in its order, one row per card, each opening onto the features that scored it. */
export function FeedSection({ items }: { items: DebugItem[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <DebugSection title="Feed">
      {items.length === 0 ? (
        <Typography>The feed is empty: no candidate survived the filters.</Typography>
      ) : (
        <ScrollBox label="Feed">
          <Table size="small" aria-label="Feed, in order">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <VisuallyHidden>Features</VisuallyHidden>
                </TableCell>
                <TableCell align="right">Rank</TableCell>
                <TableCell align="right">Before filters</TableCell>
                <TableCell>Card</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>Sources</TableCell>
                <TableCell align="right">Score</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <FeedRow
                  key={item.card.id}
                  item={item}
                  open={open.has(item.card.id)}
                  onToggle={() => toggle(item.card.id)}
                />
              ))}
            </TableBody>
          </Table>
        </ScrollBox>
      )}
    </DebugSection>
  );
}

function FeedRow({ item, open, onToggle }: { item: DebugItem; open: boolean; onToggle: () => void }) {
  const detailsId = useId();
  const { card } = item;
  return (
    <Fragment>
      <TableRow sx={open ? { '& > td, & > th': { borderBottom: 0 } } : undefined}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            {...(open ? { 'aria-controls': detailsId } : {})}
            aria-label={`Features of ${card.title}`}
            onClick={onToggle}
          >
            <ExpandMoreIcon
              sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
            />
          </IconButton>
        </TableCell>
        <TableCell align="right">{item.rankAfter}</TableCell>
        <TableCell align="right">{item.rankBefore}</TableCell>
        <TableCell component="th" scope="row" sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
          <TextLink to={`/cards/${card.id}`}>{card.title}</TextLink>
          <Typography variant="body2" color="text.secondary">
            @{card.author.handle}
          </Typography>
        </TableCell>
        <TableCell sx={{ minWidth: 180 }}>{card.reason.text}</TableCell>
        <TableCell sx={{ minWidth: 140 }}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {item.sources.map(({ source, score }) => (
              <Chip
                key={source}
                size="small"
                variant="outlined"
                title={sourceLabels[source]}
                label={`${sourceNames[source]} ${formatNumber(score)}`}
              />
            ))}
          </Stack>
        </TableCell>
        <TableCell align="right">{formatNumber(item.score)}</TableCell>
      </TableRow>
      {open ? (
        <TableRow id={detailsId}>
          <TableCell colSpan={columns} sx={{ bgcolor: 'action.hover' }}>
            <FeatureTable item={item} />
          </TableCell>
        </TableRow>
      ) : null}
    </Fragment>
  );
}

/** The features of one card, the largest contribution (either way) first, each with a bar from zero. */
function FeatureTable({ item }: { item: DebugItem }) {
  const features = [...item.features].sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  const largest = Math.max(...features.map((feature) => Math.abs(feature.contribution)), 0);
  return (
    <Table size="small" aria-label={`Features of ${item.card.title}`}>
      <TableHead>
        <TableRow>
          <TableCell>Feature</TableCell>
          <TableCell align="right">Value</TableCell>
          <TableCell align="right">Weight</TableCell>
          <TableCell align="right">Contribution</TableCell>
          <TableCell>
            <VisuallyHidden>Contribution as a bar</VisuallyHidden>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {features.map((feature) => (
          <TableRow key={feature.name}>
            <TableCell component="th" scope="row">
              {featureNames[feature.name]}
            </TableCell>
            <TableCell align="right">{formatNumber(feature.value)}</TableCell>
            <TableCell align="right">{formatNumber(feature.weight)}</TableCell>
            <TableCell align="right">{formatNumber(feature.contribution)}</TableCell>
            <TableCell sx={{ width: 140 }}>
              <ContributionBar value={feature.contribution} largest={largest} />
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell component="th" scope="row" colSpan={3}>
            Score
          </TableCell>
          <TableCell align="right">{formatNumber(item.score)}</TableCell>
          <TableCell />
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** A bar from the middle: right and in the primary colour for a positive contribution, left in red otherwise. */
function ContributionBar({ value, largest }: { value: number; largest: number }) {
  const share = largest > 0 ? (Math.abs(value) / largest) * 50 : 0;
  return (
    <Box aria-hidden sx={{ position: 'relative', width: 120, height: 12 }}>
      <Box
        sx={{ position: 'absolute', left: '50%', top: 0, bottom: 0, borderLeft: 1, borderColor: 'divider' }}
      />
      <Box
        sx={{
          position: 'absolute',
          top: 2,
          bottom: 2,
          borderRadius: 0.5,
          bgcolor: value >= 0 ? 'primary.main' : 'error.main',
          ...(value >= 0 ? { left: '50%' } : { right: '50%' }),
          width: `${share}%`,
        }}
      />
    </Box>
  );
}
