import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Container, Muted } from '../../components/ui';
import { Seo } from '../../seo/Seo';

/** /news/category/{name}: a full-page redirect to the tag page of the same name. */
export default function NewsCategoryRedirectPage() {
  const { category = '' } = useParams();
  const target = `/news/tag/${encodeURIComponent(category.toLowerCase())}`;
  useEffect(() => {
    window.location.replace(target);
  }, [target]);
  return (
    <Container>
      <Seo title="Redirecting" path={target} noindex />
      <Muted role="status" style={{ padding: '4rem 0', textAlign: 'center' }}>
        Redirecting to tag page...
      </Muted>
    </Container>
  );
}
