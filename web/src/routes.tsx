/** Every client route. Pages load lazily so each route ships only its own JavaScript. */
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from './components/ui';

const Landing = lazy(() => import('./pages/Landing'));
const Dashboard = lazy(() => import('./pages/Dashboard'));
const Orders = lazy(() => import('./pages/Orders'));
const Login = lazy(() => import('./pages/Login'));
const Register = lazy(() => import('./pages/Register'));
const Checkout = lazy(() => import('./pages/Checkout'));
const OrderSuccess = lazy(() => import('./pages/OrderSuccess'));
const OrderLookup = lazy(() => import('./pages/OrderLookup'));
const ResetPassword = lazy(() => import('./pages/ResetPassword'));
const VerifyEmail = lazy(() => import('./pages/VerifyEmail'));
const AdminLogin = lazy(() => import('./pages/AdminLogin'));
const Admin = lazy(() => import('./pages/Admin'));
const Firm = lazy(() => import('./pages/Firm'));
const FirmInvite = lazy(() => import('./pages/FirmInvite'));
const FirmApproval = lazy(() => import('./pages/FirmApproval'));
const AdminTaxCertificates = lazy(() => import('./pages/AdminTaxCertificates'));
const AdminFirms = lazy(() => import('./pages/AdminFirms'));
const AdminInvoices = lazy(() => import('./pages/AdminInvoices'));
const AdminProduction = lazy(() => import('./pages/AdminProduction'));
const NotFound = lazy(() => import('./pages/NotFound'));

export function Routes() {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-24">
          <Spinner />
        </div>
      }
    >
      <Switch>
        <Route path="/" component={Landing} />
        <Route path="/dashboard" component={Dashboard} />
        <Route path="/orders" component={Orders} />
        <Route path="/login" component={Login} />
        <Route path="/register" component={Register} />
        <Route path="/checkout" component={Checkout} />
        <Route path="/order-success/:orderId" component={OrderSuccess} />
        <Route path="/orders/:orderId" component={OrderSuccess} />
        <Route path="/order-lookup" component={OrderLookup} />
        <Route path="/reset-password" component={ResetPassword} />
        <Route path="/verify-email" component={VerifyEmail} />
        <Route path="/firm" component={Firm} />
        <Route path="/firm/approvals/:orderId" component={FirmApproval} />
        <Route path="/firm-invite" component={FirmInvite} />
        <Route path="/admin/tax-certificates" component={AdminTaxCertificates} />
        <Route path="/admin/firms" component={AdminFirms} />
        <Route path="/admin/invoices" component={AdminInvoices} />
        <Route path="/admin/production" component={AdminProduction} />
        <Route path="/admin/login" component={AdminLogin} />
        <Route path="/admin" component={Admin} />
        <Route component={NotFound} />
      </Switch>
    </Suspense>
  );
}
