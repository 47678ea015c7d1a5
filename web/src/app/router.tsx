import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { useLang } from '../lib/use-lang';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

function PricingRedirect() {
  return <Navigate to={paths.price.getHref(useLang())} replace />;
}

const legalRoute = (path: string, page: 'privacy' | 'terms' | 'refund'): RouteObject => ({
  path,
  lazy: async () => {
    const { LegalRoute } = await import('./routes/legal');
    return { element: <LegalRoute page={page} /> };
  },
});

/** The pages under one language root; the same list serves "/", "/zh" and "/ja". */
export function pageRoutes(): RouteObject[] {
  return [
    { index: true, lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }) },
    { path: paths.login.path, lazy: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }) },
    { path: paths.register.path, lazy: async () => ({ Component: (await import('./routes/auth/register')).RegisterRoute }) },
    { path: paths.forgotPassword.path, lazy: async () => ({ Component: (await import('./routes/auth/forgot-password')).ForgotPasswordRoute }) },
    { path: paths.resetPassword.path, lazy: async () => ({ Component: (await import('./routes/auth/reset-password')).ResetPasswordRoute }) },
    { path: paths.profile.path, lazy: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }) },
    { path: paths.testAuth.path, lazy: async () => ({ Component: (await import('./routes/test-auth')).TestAuthRoute }) },
    { path: paths.pricing.path, element: <PricingRedirect /> },
    { path: paths.price.path, lazy: async () => ({ Component: (await import('./routes/price')).PriceRoute }) },
    { path: paths.textColoringPage.path, lazy: async () => ({ Component: (await import('./routes/generator')).GeneratorRoute }) },
    { path: paths.imageColoringPage.path, lazy: async () => ({ Component: (await import('./routes/generator')).GeneratorRoute }) },
    { path: paths.categories.path, lazy: async () => ({ Component: (await import('./routes/categories')).CategoriesRoute }) },
    { path: paths.category.path, lazy: async () => ({ Component: (await import('./routes/category')).CategoryRoute }) },
    { path: paths.categoryImage.path, lazy: async () => ({ Component: (await import('./routes/category-image')).CategoryImageRoute }) },
    { path: paths.image.path, lazy: async () => ({ Component: (await import('./routes/image')).ImageRoute }) },
    { path: paths.colour.path, lazy: async () => ({ Component: (await import('./routes/colour')).ColourRoute }) },
    { path: paths.blog.path, lazy: async () => ({ Component: (await import('./routes/blog')).BlogRoute }) },
    { path: paths.blogPost.path, lazy: async () => ({ Component: (await import('./routes/blog-post')).BlogPostRoute }) },
    { path: paths.creations.path, lazy: async () => ({ Component: (await import('./routes/creations')).CreationsRoute }) },
    legalRoute(paths.privacy.path, 'privacy'),
    legalRoute(paths.terms.path, 'terms'),
    legalRoute(paths.refund.path, 'refund'),
    { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/zh', children: pageRoutes() },
      { path: '/ja', children: pageRoutes() },
      { path: '/', children: pageRoutes() },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
