import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A table that may be wider than the window (a phone's, or a long one's on a laptop): it scrolls sideways in its own
 * box, which Tab reaches so the arrow keys can scroll it, and the page itself keeps the window's width.
 */
export function WideTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto' }}>
      {children}
    </Box>
  );
}
