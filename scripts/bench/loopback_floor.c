// Floor for a room server's kernel cost per action on loopback: per action, read one small
// intent (120 B) from one client and write one 440 B message to each of 4 clients over TCP,
// as `worlds serve` does; the clients (another process) answer as fast as they can.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#define N 4
int main(int argc, char **argv) {
  int actions = argc > 1 ? atoi(argv[1]) : 200000;
  int ls = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  bind(ls, (void *)&a, sizeof a); listen(ls, 16);
  socklen_t l = sizeof a; getsockname(ls, (void *)&a, &l);
  pid_t kid = fork();
  if (kid == 0) { // the clients: client 0 sends an intent after each message it gets
    int c[N]; char buf[4096], intent[120]; memset(intent, 'i', sizeof intent);
    for (int i = 0; i < N; i++) { c[i] = socket(AF_INET, SOCK_STREAM, 0); int one = 1; setsockopt(c[i], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); connect(c[i], (void *)&a, sizeof a); }
    write(c[0], intent, sizeof intent);
    for (int k = 0; k < actions; k++) {
      for (int i = 0; i < N; i++) { int got = 0; while (got < 440) { int r = read(c[i], buf, 440 - got); if (r <= 0) exit(1); got += r; } }
      if (k + 1 < actions) write(c[0], intent, sizeof intent);
    }
    exit(0);
  }
  int s[N]; for (int i = 0; i < N; i++) { s[i] = accept(ls, 0, 0); int one = 1; setsockopt(s[i], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); }
  char msg[440], in[4096]; memset(msg, 'm', sizeof msg);
  struct rusage r0, r1; getrusage(RUSAGE_SELF, &r0);
  for (int k = 0; k < actions; k++) {
    int got = 0; while (got < 120) { int r = read(s[0], in, 120 - got); if (r <= 0) return 1; got += r; }
    for (int i = 0; i < N; i++) write(s[i], msg, sizeof msg);
  }
  getrusage(RUSAGE_SELF, &r1);
  waitpid(kid, 0, 0);
  double u = (r1.ru_utime.tv_sec - r0.ru_utime.tv_sec) * 1e6 + (r1.ru_utime.tv_usec - r0.ru_utime.tv_usec);
  double sy = (r1.ru_stime.tv_sec - r0.ru_stime.tv_sec) * 1e6 + (r1.ru_stime.tv_usec - r0.ru_stime.tv_usec);
  printf("{\"actions\": %d, \"user_us_per_action\": %.2f, \"sys_us_per_action\": %.2f, \"actions_per_cpu_second\": %.0f}\n", actions, u / actions, sy / actions, actions / ((u + sy) / 1e6));
  return 0;
}
