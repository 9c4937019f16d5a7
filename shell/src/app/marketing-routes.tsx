import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RemoteRoute } from './remote-route';

/** Spec §2, company host: the landing page at `/`, a not-found page on every other path. */
export function MarketingRoutes({ chatUrl }: { chatUrl?: string }) {
  return (
    <Routes>
      <Route path="/" element={<RemoteRoute name="marketing" site="marketing" />} />
      <Route path="*" element={<NotFoundPage chatHref={chatUrl ?? '/'} />} />
    </Routes>
  );
}
