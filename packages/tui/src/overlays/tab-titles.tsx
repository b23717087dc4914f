import { Text } from "ink";
import { useTheme } from "../theme/theme.ts";

/** A panel's name, then its tabs with the current one in brackets (←/→ switch them in each panel). */
export function TabTitles<Id extends string>({
  name,
  tabs,
  current,
}: {
  name: string;
  tabs: readonly { id: Id; title: string }[];
  current: Id;
}) {
  const theme = useTheme();
  return (
    <Text>
      <Text bold color={theme.accent}>
        {name}
      </Text>
      {tabs.map((tab) => (
        <Text key={tab.id} bold={tab.id === current} dimColor={tab.id !== current}>
          {tab.id === current ? `  [${tab.title}]` : `  ${tab.title}`}
        </Text>
      ))}
    </Text>
  );
}
