import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The centred spinner shown while a page's code loads. */
export function PageLoading() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '50vh', py: 6 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
