import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { createQueryClient } from './api/queryClient.ts';
import { AuthProvider, useAuth } from './components/AuthContext.tsx';
import { RedirectIfSignedIn, RequireAuth } from './components/authRoutes.tsx';
import { BackOfficeLoading } from './components/BackOfficeLoading.tsx';
import { SignInFirst } from './admin/SignInFirst.tsx';
import { SkipLink } from './components/SkipLink.tsx';
import { Spinner } from './components/Spinner.tsx';
import { Landing } from './pages/Landing.tsx';
import './styles.css';

// The back office (react-admin + MUI) is a large bundle that authors never need: load it on demand.
const AdminApp = lazy(() => import('./admin/AdminApp.tsx'));

/**
 * Every page but the landing page is loaded when its route is first visited, so a first visit downloads the code of
 * the page it shows and little else (issue 16: initial JavaScript at most 150 KB gzip).
 */
function lazyPage<M>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
const EditBook = lazyPage(() => import('./editor/EditBook.tsx'), 'EditBook');
const EliteRequestPage = lazyPage(() => import('./elite/EliteRequestPage.tsx'), 'EliteRequestPage');
const Dashboard = lazyPage(() => import('./pages/Dashboard.tsx'), 'Dashboard');
const Account = lazyPage(() => import('./pages/Account.tsx'), 'Account');
const Login = lazyPage(() => import('./pages/Login.tsx'), 'Login');
const Recover = lazyPage(() => import('./pages/Recover.tsx'), 'Recover');
const SignUp = lazyPage(() => import('./pages/SignUp.tsx'), 'SignUp');
const VerifyEmail = lazyPage(() => import('./pages/VerifyEmail.tsx'), 'VerifyEmail');
const Faq = lazyPage(() => import('./pages/static/Faq.tsx'), 'Faq');
const Privacy = lazyPage(() => import('./pages/static/Legal.tsx'), 'Privacy');
const Terms = lazyPage(() => import('./pages/static/Legal.tsx'), 'Terms');
const Demo = lazyPage(() => import('./generator/StepFlow.tsx'), 'Demo');
const GuidedWorkflow = lazyPage(() => import('./generator/StepFlow.tsx'), 'GuidedWorkflow');
const LegacyGenerator = lazyPage(() => import('./generator/OlderGenerators.tsx'), 'LegacyGenerator');
const QuartoGenerator = lazyPage(() => import('./generator/OlderGenerators.tsx'), 'QuartoGenerator');
const OneShot = lazyPage(() => import('./generator/OneShot.tsx'), 'OneShot');
const ResumeProject = lazyPage(() => import('./generator/ResumeProject.tsx'), 'ResumeProject');
const Wizard = lazyPage(() => import('./generator/Wizard.tsx'), 'Wizard');
const HowItWorks = lazyPage(() => import('./pages/static/Marketing.tsx'), 'HowItWorks');
const ServiceTiers = lazyPage(() => import('./pages/static/Marketing.tsx'), 'ServiceTiers');
const HealthBiotech = lazyPage(() => import('./pages/static/Marketing.tsx'), 'HealthBiotech');
const InternationalProfessionals = lazyPage(() => import('./pages/static/Marketing.tsx'), 'InternationalProfessionals');
const ComingSoon = lazyPage(() => import('./pages/static/Marketing.tsx'), 'ComingSoon');
const Success = lazyPage(() => import('./pages/Success.tsx'), 'Success');
const ShopPage = lazyPage(() => import('./shop/ShopPage.tsx'), 'ShopPage');
const ShopBookPage = lazyPage(() => import('./shop/ShopBookPage.tsx'), 'ShopBookPage');
const PurchasePage = lazyPage(() => import('./shop/PurchasePage.tsx'), 'PurchasePage');

function AppRoutes() {
  const { loading } = useAuth();
  if (loading) return <Spinner label="Loading Pressroom…" />;
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
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
        <Route path="/shop" element={<ShopPage />} />
        <Route path="/shop/:id" element={<ShopBookPage />} />
        <Route path="/shop/purchase/:saleId" element={<PurchasePage />} />
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
            <SignInFirst>
              <Suspense fallback={<BackOfficeLoading />}>
                <AdminApp />
              </Suspense>
            </SignInFirst>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
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
