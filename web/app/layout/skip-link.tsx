import Box from '@mui/material/Box';

// The browser follows the link (the address gains "#main"); focusing explicitly as well makes the next Tab
// start inside the page in every browser, not only in those that move focus to a fragment's target.
function skipToMain() {
  document.getElementById('main')?.focus({ preventScroll: true });
}

/** The first stop for keyboard users: jumps past the top bar to the page. Visible only when focused. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      onClick={skipToMain}
      sx={(theme) => ({
        position: 'absolute',
        left: theme.spacing(1),
        top: theme.spacing(1),
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        // 44 px high: a touch target of its own size on a phone.
        py: 1.25,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': {
          transform: 'none',
          outline: `2px solid ${theme.palette.primary.main}`,
          outlineOffset: 2,
        },
      })}
    >
      Skip to content
    </Box>
  );
}
