// What `react-router` and `react-router-dom` mean in the browser builds (rspack alias, shared as
// singletons under both names). A shared module is bundled whole, and react-router 7 whole (data
// routers, server sessions, cookies, RSC) is ~60 KB gzip; this facade keeps the declarative
// router the apps use (~half), and stays one instance across host and remotes. Need another
// export? Add it here: builds fail on a missing export (exportsPresence: 'error').
// Unit tests (vitest) import the real packages, unaffected.
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useNavigate,
  useParams,
  useLocation,
  useSearchParams,
  useMatch,
  useHref,
  useInRouterContext,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useResolvedPath,
  useRoutes,
  useLinkClickHandler,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  parsePath,
  createPath,
  isRouteErrorResponse,
} from 'react-router/production-build';
