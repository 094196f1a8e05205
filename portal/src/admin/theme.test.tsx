import { CircularProgress } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from './theme.ts';

describe("the back office's themes", () => {
  it('name every spinner, so a screen reader announces a page that is loading', () => {
    for (const theme of [lightTheme, darkTheme]) {
      const html = renderToStaticMarkup(
        <ThemeProvider theme={createTheme(theme)}>
          <CircularProgress />
        </ThemeProvider>,
      );
      expect(html).toMatch(/role="progressbar"/);
      expect(html).toMatch(/aria-label="Loading"/);
    }
  });
});
