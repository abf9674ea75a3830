import { Box, Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Footer } from './Footer.tsx';
import { Notifications } from './Notifications.tsx';
import { NoticesBanner } from '../features/notices/banner/NoticesBanner.tsx';
import { ActingAsBanner, PortalNav } from './PortalNav.tsx';
import classes from './Shell.module.css';
import { TopBar } from './TopBar.tsx';

/** The shell: top bar, the acting-as banner and portal tabs when logged in, notifications, the page, footer. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <div className={classes.layout}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Box component="header" className={classes.header}>
        <TopBar />
      </Box>
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <Container size="lg" pt="md">
          <Stack gap="sm">
            <ActingAsBanner />
            <PortalNav />
            <Notifications />
            <NoticesBanner />
          </Stack>
        </Container>
        <Container size="lg" py="lg">
          {children}
        </Container>
      </Box>
      <Footer />
    </div>
  );
}
