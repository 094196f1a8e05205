import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { createQueryClient } from './api/queryClient.ts';
import { AuthProvider, useAuth } from './auth/AuthContext.tsx';
import { RedirectIfSignedIn, RequireAuth } from './auth/routes.tsx';
import { EditBook } from './editor/EditBook.tsx';
import { EliteRequestPage } from './elite/EliteRequestPage.tsx';
import { SkipLink } from './layout/SkipLink.tsx';
import { Spinner } from './layout/Spinner.tsx';
import { Dashboard } from './pages/Dashboard.tsx';
import { Landing } from './pages/Landing.tsx';
import { Account } from './pages/Account.tsx';
import { Login } from './pages/Login.tsx';
import { Recover } from './pages/Recover.tsx';
import { SignUp } from './pages/SignUp.tsx';
import { VerifyEmail } from './pages/VerifyEmail.tsx';
import { Faq } from './pages/static/Faq.tsx';
import { Privacy, Terms } from './pages/static/Legal.tsx';
import { Demo, GuidedWorkflow } from './generator/StepFlow.tsx';
import { LegacyGenerator, QuartoGenerator } from './generator/OlderGenerators.tsx';
import { OneShot } from './generator/OneShot.tsx';
import { ResumeProject } from './generator/ResumeProject.tsx';
import { Wizard } from './generator/Wizard.tsx';
import { ComingSoon, HealthBiotech, HowItWorks, InternationalProfessionals, ServiceTiers } from './pages/static/Marketing.tsx';
import { Success } from './pages/Success.tsx';
import './styles.css';

// The back office (react-admin + MUI) is a large bundle that authors never need: load it on demand.
const AdminApp = lazy(() => import('./admin/AdminApp.tsx'));

function AppRoutes() {
  const { loading } = useAuth();
  if (loading) return <Spinner label="Loading Pressroom…" />;
  return (
    <Routes>
      <Route path="/" element={<Landing />} />
      <Route path="/login" element={<RedirectIfSignedIn><Login /></RedirectIfSignedIn>} />
      <Route path="/signup" element={<RedirectIfSignedIn><SignUp /></RedirectIfSignedIn>} />
      <Route path="/dashboard" element={<RequireAuth><Dashboard /></RequireAuth>} />
      <Route path="/elite-requests/:id" element={<RequireAuth><EliteRequestPage /></RequireAuth>} />
      <Route path="/projects/:id/edit" element={<RequireAuth><EditBook /></RequireAuth>} />
      <Route path="/verify-email" element={<VerifyEmail />} />
      <Route path="/recover" element={<Recover />} />
      <Route path="/account" element={<RequireAuth><Account /></RequireAuth>} />
      <Route path="/demo" element={<Demo />} />
      <Route path="/workflow" element={<GuidedWorkflow />} />
      <Route path="/ai-generator" element={<Wizard />} />
      <Route path="/one-shot" element={<OneShot />} />
      <Route path="/resume-project" element={<ResumeProject />} />
      <Route path="/ai-generator-legacy" element={<LegacyGenerator />} />
      <Route path="/quarto" element={<RequireAuth><QuartoGenerator /></RequireAuth>} />
      <Route path="/success" element={<Success />} />
      <Route path="/how-it-works" element={<HowItWorks />} />
      <Route path="/service-tiers" element={<ServiceTiers />} />
      <Route path="/faq" element={<Faq />} />
      <Route path="/health-biotech" element={<HealthBiotech />} />
      <Route path="/international-professionals" element={<InternationalProfessionals />} />
      <Route path="/privacy" element={<Privacy />} />
      <Route path="/terms" element={<Terms />} />
      <Route path="/coming-soon" element={<ComingSoon />} />
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={<Spinner label="Loading the back office…" />}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter>
          <SkipLink />
          <AppRoutes />
        </BrowserRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}
