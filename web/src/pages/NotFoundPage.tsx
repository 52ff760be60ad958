import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { siteConfig } from '../app/siteConfig';
import { Seo } from '../seo/Seo';
import { Button, Container } from '../components/ui';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Container>
      <Seo title="Page Not Found" description="The page you are looking for does not exist." noindex />
      <Box>
        <Code aria-hidden="true">404</Code>
        <h1>Page Not Found</h1>
        <p>Sorry, the page you are looking for doesn't exist or has been moved.</p>
        <Actions>
          <Button as={Link} to="/">
            Go Home
          </Button>
          <Button type="button" $variant="outline" onClick={() => navigate(-1)}>
            Go Back
          </Button>
        </Actions>
        <Suggestions>
          <li>
            <Link to="/news">Browse latest AI news</Link>
          </li>
          <li>
            <Link to="/directory">Explore AI tools directory</Link>
          </li>
        </Suggestions>
        <small>
          If you think this is a mistake, contact support at <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>.
        </small>
      </Box>
    </Container>
  );
}

const Box = styled.section`
  text-align: center;
  padding: 4rem 0;
`;
const Code = styled.div`
  font-size: 5rem;
  font-weight: 800;
  color: ${(p) => p.theme.colors.primary};
`;
const Actions = styled.div`
  display: flex;
  gap: 0.75rem;
  justify-content: center;
  margin: 1.5rem 0;
`;
const Suggestions = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 0.5rem;
`;
