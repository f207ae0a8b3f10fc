import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { PLAN_FEATURES, PLAN_IDS, PLANS } from '@rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlanFeatureList } from './PlanFeatureList';
import { AUDIENCES, featureText, planName, planPageOf, type Audience } from './planTexts';

const AUDIENCE_LIST = Object.keys(AUDIENCES) as Audience[];

/** /benefits/overview: who each plan is for, with a way to each audience's page. */
export function BenefitsOverview() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Text>{t('billing:benefits.overview.text')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {AUDIENCE_LIST.map((audience) => (
          <Card key={audience} withBorder radius="md">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t(`billing:benefits.${audience}.title`)}
              </Title>
              <Text size="sm">{t(`billing:benefits.${audience}.summary`)}</Text>
              <Anchor component={Link} to={`/benefits/${audience}`} size="sm">
                {t('billing:benefits.readMore')}
              </Anchor>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Group>
        <Button component={Link} to="/benefits/compare" variant="light">
          {t('billing:pricing.compare')}
        </Button>
        <Button component={Link} to="/pricing/options" variant="subtle">
          {t('billing:benefits.seePricing')}
        </Button>
      </Group>
    </Stack>
  );
}

const POINTS = ['p1', 'p2', 'p3'] as const;

/** /benefits/public, /professionals, /organisations, /bumpstars: what one audience gains. */
export function AudienceBenefits({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const plan = AUDIENCES[audience];
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t(`billing:benefits.${audience}.title`)}
      </Title>
      <Text>{t(`billing:benefits.${audience}.text`)}</Text>
      <List spacing="xs">
        {POINTS.map((point) => (
          <List.Item key={point}>{t(`billing:benefits.${audience}.${point}`)}</List.Item>
        ))}
      </List>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('billing:benefits.planIncludes', { plan: planName(t, plan) })}
          </Title>
          <PlanFeatureList plan={plan} />
        </Stack>
      </Card>
      <Group>
        <Button component={Link} to={`/pricing/${planPageOf(plan)}`}>
          {t('billing:benefits.seePlan', { plan: planName(t, plan) })}
        </Button>
        <Button component={Link} to="/benefits/compare" variant="subtle">
          {t('billing:pricing.compare')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /benefits/compare: features × plans as a real table. On a phone it scrolls sideways inside its
 * box; the page itself does not.
 */
export function CompareTable() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {/* Scrolls sideways on a phone, reachable by keyboard as a named region (WCAG 2.1.1). */}
      <Box
        role="region"
        aria-label={t('billing:compare.caption')}
        tabIndex={0}
        // Relative: the cells' hidden words are clipped with the table, not left to widen the page.
        style={{ overflowX: 'auto', position: 'relative' }}
      >
        <Table striped withTableBorder verticalSpacing="sm" miw={640}>
          <Table.Caption>{t('billing:compare.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('billing:compare.feature')}</Table.Th>
              {PLAN_IDS.map((plan) => (
                <Table.Th key={plan} scope="col" ta="center">
                  {planName(t, plan)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PLAN_FEATURES.map((feature) => (
              <Table.Tr key={feature}>
                <Table.Th scope="row" fw={400}>
                  {featureText(t, feature)}
                </Table.Th>
                {PLAN_IDS.map((plan) => (
                  <Table.Td key={plan} ta="center">
                    {PLANS[plan].features.includes(feature) ? (
                      <IconCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
                    ) : (
                      <IconMinus size={18} color="var(--mantine-color-gray-5)" aria-hidden />
                    )}
                    <VisuallyHidden>
                      {PLANS[plan].features.includes(feature)
                        ? t('billing:compare.included')
                        : t('billing:compare.notIncluded')}
                    </VisuallyHidden>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Button
        component={Link}
        to="/pricing/options"
        variant="light"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('billing:benefits.seePricing')}
      </Button>
    </Stack>
  );
}
