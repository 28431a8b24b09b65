import { Navigate } from "react-router";

// Requirements §2 and §8: any other path redirects to the home page. (The server answers such
// requests with a redirect too; this covers client-side links.)
export default function NotFound() {
  return <Navigate to="/" replace />;
}
