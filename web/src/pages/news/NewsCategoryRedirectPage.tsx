import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function NewsCategoryRedirectPage() {
  return (
    <Container>
      <Seo title="NewsCategoryRedirectPage" />
      <PageHeading>NewsCategoryRedirectPage</PageHeading>
    </Container>
  );
}
