/** How a language names amounts of time, and the word joining two of them ('1 minute 30 seconds', '1 minuto y 30 segundos'). */
export interface DurationWords {
  hours: (n: number) => string;
  minutes: (n: number) => string;
  seconds: (n: number) => string;
}

/**
 * A length of time as people say it, in a language's words: seconds, minutes and seconds, and from an hour on hours
 * and minutes (a wait until tomorrow reads '7 hours 5 minutes', not '425 minutes').
 */
export function spokenDuration(words: DurationWords, and: string, totalSeconds: number): string {
  if (totalSeconds >= 3600) {
    const hours = words.hours(Math.floor(totalSeconds / 3600));
    const minutes = Math.floor((totalSeconds % 3600) / 60);
    return minutes === 0 ? hours : `${hours}${and}${words.minutes(minutes)}`;
  }
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes === 0) return words.seconds(seconds);
  return seconds === 0 ? words.minutes(minutes) : `${words.minutes(minutes)}${and}${words.seconds(seconds)}`;
}
