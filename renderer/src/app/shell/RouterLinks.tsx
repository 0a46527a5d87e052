import { forwardRef } from 'react';
import { Anchor, NavLink, type AnchorProps, type NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';

/*
 * Mantine's Anchor and NavLink as TanStack Router links: typed `to`/`params`/`search`, a real
 * href (middle-click opens a new tab, the address can be copied), preloading on intent.
 */

type AnchorLinkProps = Omit<AnchorProps, 'href'> & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;
const AnchorBase = forwardRef<HTMLAnchorElement, AnchorLinkProps>(function AnchorBase(props, ref) {
  return <Anchor ref={ref} {...props} />;
});
export const RouterAnchor = createLink(AnchorBase);

type NavLinkBaseProps = Omit<NavLinkProps, 'href'> & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style' | 'onChange'>;
const NavLinkBase = forwardRef<HTMLAnchorElement, NavLinkBaseProps>(function NavLinkBase(props, ref) {
  return <NavLink component="a" ref={ref} {...props} />;
});
export const RouterNavLink = createLink(NavLinkBase);
