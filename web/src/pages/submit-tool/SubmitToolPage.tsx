import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function SubmitToolPage() {
  return (
    <Container>
      <Seo title="SubmitToolPage" />
      <PageHeading>SubmitToolPage</PageHeading>
    </Container>
  );
}
