/** Every page of the site: its clean path, output file, titles and template. */
import type { TemplateResult } from 'lit-html';
import { homePage } from './pages/home.js';
import { notFoundPage } from './pages/not-found.js';
import { widgetsPage } from './pages/widgets.js';

export type Route = {
  path: string;
  file: string;
  /** The document <title>. */
  title: string;
  description: string;
  /** Page title sent with the analytics page view; none for the not-found page. */
  analyticsTitle?: string;
  status?: number;
  body: () => TemplateResult;
};

export const routes: Route[] = [
  {
    path: '/',
    file: 'index.html',
    title: 'Kasuwa: a free online store for Nigerian businesses',
    description:
      'Open a free online store in minutes, take orders, manage inventory, send invoices and get paid in naira. Built for Nigerian creators and small businesses.',
    analyticsTitle: 'Home Page',
    body: homePage,
  },
  {
    path: '/widgets',
    file: 'widgets.html',
    title: 'Embeddable widgets · Kasuwa',
    description: 'Add Kasuwa signup, rank checker and pricing widgets to any page with one script tag.',
    analyticsTitle: 'Widgets',
    body: widgetsPage,
  },
  {
    path: '/404',
    file: '404.html',
    title: '404 Page not found · Kasuwa',
    description: 'This page does not exist.',
    status: 404,
    body: notFoundPage,
  },
];

export function findRoute(pathname: string): Route {
  const clean = pathname !== '/' ? pathname.replace(/\/+$/, '') : pathname;
  return (
    routes.find((route) => route.path === clean && route.status !== 404) ??
    (routes.find((r) => r.status === 404) as Route)
  );
}
