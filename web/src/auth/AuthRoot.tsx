import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import type { AppConfig } from '#common/app-config';
import { AppConfigContext } from '../app/app-config-context';
import { LoadError } from '../app/LoadError';
import { loadRuntimeConfig } from '../app/runtime-config';
import { AppToaster } from '../components/AppToaster';
import { PageSpinner } from '../components/PageSpinner';
import { AuthProvider } from './AuthContext';
import { GrownUpGateProvider } from '../family/GrownUpGate';

/**
 * Everything past the landing page: runtime config, Amplify, the auth state with the account's query cache,
 * and the toaster. Loaded on demand, so the landing page never downloads the auth library.
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
    <AppConfigContext.Provider value={config}>
      {/* Outside the account's cache: a toast outlives the screens a new cache starts again. */}
      <AppToaster />
      <AuthProvider config={config}>
        <GrownUpGateProvider>
          <Outlet />
        </GrownUpGateProvider>
      </AuthProvider>
    </AppConfigContext.Provider>
  );
}
