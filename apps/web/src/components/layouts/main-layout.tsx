import {
  ActionIcon,
  Anchor,
  AppShell,
  Box,
  Burger,
  Group,
  Progress,
  Tooltip,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useNavigation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';
import { useActor } from '@/lib/authorization';
import { useTrial } from '@/lib/trial';
import { IMPERSONATION_BANNER_HEIGHT, ImpersonationBanner } from './impersonation-banner';
import classes from './main-layout.module.css';
import { SidebarNav, type SidebarNavProps } from './sidebar-nav';
import { TopBarBrand, type TopBarBranding } from './top-bar-brand';
import { TRIAL_BANNER_HEIGHT, TrialBanner } from './trial-banner';
import { UserMenu } from './user-menu';

const NAVBAR_ID = 'app-navbar';
const MAIN_ID = 'main-content';
const TOP_BAR_HEIGHT = 60;

interface MainLayoutProps {
  /** Top-bar items before the user menu (the notification bell). */
  topBarActions?: ReactNode;
  proposalCounts?: SidebarNavProps['proposalCounts'];
  /** The organization's name and logo beside Aceite's (undefined while loading or without one). */
  branding?: TopBarBranding;
}

/**
 * The private area's frame: top bar, collapsible sidebar, and the current screen
 * (docs/product.md#screens-and-navigation).
 */
export function MainLayout({ topBarActions, proposalCounts, branding }: MainLayoutProps) {
  const theme = useMantineTheme();
  const isDesktop = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({
    key: 'aceite:sidebar-collapsed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const role = useActor()?.role;
  const hasOrganization = useAuthStore((state) => state.user == null || state.user.organization != null);
  const isImpersonating = useAuthStore((state) => state.originalUser !== null);
  const navigation = useNavigation();
  const trial = useTrial().kind;
  const trialBanner = trial === 'none' ? { base: 0, sm: 0 } : TRIAL_BANNER_HEIGHT[trial];
  const impersonation = isImpersonating ? IMPERSONATION_BANNER_HEIGHT : { base: 0, sm: 0 };

  const iconOnly = isDesktop && collapsed;
  // Off-screen links must not take keyboard focus while the mobile menu is closed.
  const navbarHidden = !isDesktop && !mobileOpened;

  return (
    <AppShell
      // The impersonation and trial banners sit inside the fixed header, so the sidebar and content start below.
      header={{
        height:
          isImpersonating || trial !== 'none'
            ? {
                base: TOP_BAR_HEIGHT + impersonation.base + trialBanner.base,
                sm: TOP_BAR_HEIGHT + impersonation.sm + trialBanner.sm,
              }
            : TOP_BAR_HEIGHT,
      }}
      navbar={{ width: iconOnly ? 76 : 264, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        Saltar para o conteúdo
      </a>
      {navigation.state === 'loading' && (
        <Progress value={100} animated size={3} radius={0} className={classes.progress} aria-hidden="true" />
      )}
      <AppShell.Header>
        {isImpersonating && <ImpersonationBanner />}
        <TrialBanner />
        <Group h={TOP_BAR_HEIGHT} px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? 'Fechar menu de navegação' : 'Abrir menu de navegação'}
              aria-expanded={mobileOpened}
              aria-controls={NAVBAR_ID}
            />
            <Tooltip label={collapsed ? 'Expandir menu lateral' : 'Recolher menu lateral'}>
              <ActionIcon
                visibleFrom="sm"
                variant="subtle"
                color="gray"
                size="lg"
                onClick={() => setCollapsed((value) => !value)}
                aria-label={collapsed ? 'Expandir menu lateral' : 'Recolher menu lateral'}
                aria-expanded={!collapsed}
                aria-controls={NAVBAR_ID}
              >
                {collapsed ? (
                  <IconLayoutSidebarLeftExpand size={20} aria-hidden="true" />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={20} aria-hidden="true" />
                )}
              </ActionIcon>
            </Tooltip>
            <Anchor component={Link} to={paths.dashboard} underline="never" c="inherit" onClick={closeMobile}>
              <TopBarBrand compact={!isDesktop} branding={branding} />
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {topBarActions}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        id={NAVBAR_ID}
        aria-label="Navegação principal"
        p={iconOnly ? 'xs' : 'sm'}
        inert={navbarHidden}
        style={{ overflowY: 'auto' }}
      >
        <SidebarNav
          collapsed={iconOnly}
          onNavigate={closeMobile}
          proposalCounts={proposalCounts}
          role={role}
          hasOrganization={hasOrganization}
        />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Box maw={1280} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
