import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import type { AppConfig } from '#common/app-config';
import { LoadError } from '../app/LoadError';
import { loadRuntimeConfig } from '../app/runtime-config';
import { AppToaster } from '../components/AppToaster';
import { PageSpinner } from '../components/PageSpinner';
import { AccountQueries } from './AccountQueries';
import { AuthProvider } from './AuthContext';
import { GrownUpGateProvider } from '../family/GrownUpGate';

/**
 * Everything past the landing page: runtime config, Amplify, the auth state, the query cache and the toaster. Loaded on
 * demand, so the landing page never downloads the auth library.
 */
export default function AuthRoot() {
  const [config, setConfig] = useState<AppConfig>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadRuntimeConfig().then(setConfig, () => setFailed(true));
  }, []);
  if (failed) return <LoadError />;
  if (!config) return <PageSpinner />;
  return (
    <AuthProvider config={config}>
      <AccountQueries>
        <GrownUpGateProvider>
          <AppToaster />
          <Outlet />
        </GrownUpGateProvider>
      </AccountQueries>
    </AuthProvider>
  );
}
