import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useFocusScreenHeading } from './useFocusScreenHeading';

/**
 * Around every screen: a new screen starts at its top (or at the element its address names with `#id`), and
 * going back returns to where the reader was (React Router's ScrollRestoration); the focus goes to the new
 * screen's heading, so a screen reader says where the family has arrived.
 */
export function RootLayout() {
  useFocusScreenHeading();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
